// Ads API around an account: promotable users (made by account creation and the control API's grants),
// account apps (registered through the control API), and the account history beta, whose entries
// appear for promoted posts and targeting criteria made and deleted through the API.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser } from '../support/actors.js';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser, type Params } from '../support/ads.js';
import { fixtureLineItem } from '../support/ads-fixtures.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

forEachStore('Ads API: promotable users, account apps, account history', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  // The virtual clock is set to half past the next whole hour H, so history windows are known.
  let H: number;
  const at = (hours: number, ms = 0) => iso(H + hours * HOUR + ms);
  before(async () => {
    s = await startServer({ store });
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    H = Math.ceil(now / HOUR) * HOUR;
    const clock = await s.admin('POST', '/_aviary/clock', { set: at(0.5) });
    assert.equal(clock.status, 200, JSON.stringify(clock.body));
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('promotable users: the owner is FULL; grants add others; filter, sort, get by id', async () => {
    const path = `accounts/${account.id}/promotable_users`;
    const first = await adsCall(s, alice, 'GET', path);
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 1);
    const owner = first.body.data[0];
    assert.deepEqual(Object.keys(owner).sort(), [
      'created_at',
      'deleted',
      'id',
      'promotable_user_type',
      'updated_at',
      'user_id',
    ]);
    assert.equal(owner.user_id, alice.id);
    assert.equal(owner.promotable_user_type, 'FULL');
    assert.equal(owner.deleted, false);

    const carol = await newUser(s);
    await s.admin('POST', `/_aviary/clock`, { advance_ms: 1000 });
    const grant = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/users`, {
      user_id: carol.id,
      promotable_user_type: 'RETWEETS_ONLY',
    });
    assert.equal(grant.status, 201);
    const desc = await adsCall(s, alice, 'GET', path, { sort_by: 'created_at-desc' }, { version: '12' });
    assert.deepEqual(
      desc.body.data.map((u: any) => [u.user_id, u.promotable_user_type]),
      [
        [carol.id, 'RETWEETS_ONLY'],
        [alice.id, 'FULL'],
      ],
    );
    const carolsRow = desc.body.data[0];
    const filtered = await adsCall(s, alice, 'GET', path, { promotable_user_ids: carolsRow.id });
    assert.deepEqual(
      filtered.body.data.map((u: any) => u.id),
      [carolsRow.id],
    );
    const one = await adsCall(s, alice, 'GET', `${path}/${owner.id}`);
    assert.deepEqual(one.body.data, owner);
    assert.deepEqual(one.body.request.params, { account_id: account.id, promotable_user_id: owner.id });
    assertError(await adsCall(s, alice, 'GET', `${path}/nosuch`), 404, 'NOT_FOUND', 'promotable_user_id');
    const total = await adsCall(s, alice, 'GET', path, { with_total_count: true, count: 1 });
    assert.equal(total.body.total_count, 2);
    assert.equal(total.body.data.length, 1);
    assert.ok(total.body.next_cursor);
    const tooMany = Array.from({ length: 201 }, (_, i) => `u${i}`);
    assertError(
      await adsCall(s, alice, 'GET', path, { promotable_user_ids: tooMany }),
      400,
      'INVALID_PARAMETER',
      'promotable_user_ids',
    );
    const stranger = await newAdvertiser(s);
    assert.equal((await adsCall(s, stranger, 'GET', path)).status, 404);
  });

  test('account apps: registered through the control API, listed by the Ads API', async () => {
    const owner = await newAdvertiser(s);
    const acc = await newAdsAccount(s, owner);
    const path = `accounts/${acc.id}/account_apps`;
    const empty = await adsCall(s, owner, 'GET', path);
    assert.deepEqual(empty.body, { request: { params: { account_id: acc.id } }, next_cursor: null, data: [] });

    const admin = (body: unknown, id = acc.id) => s.admin('POST', `/_aviary/ads/accounts/${id}/account_apps`, body);
    const android = await admin({ app_store_identifier: 'com.example.birds', os_type: 'ANDROID' });
    assert.equal(android.status, 201, JSON.stringify(android.body));
    assert.deepEqual(Object.keys(android.body.data).sort(), [
      'app_store_identifier',
      'conversion_tracking_enabled',
      'created_at',
      'deep_link_pattern',
      'deleted',
      'id',
      'os_type',
      'updated_at',
    ]);
    assert.equal(android.body.data.conversion_tracking_enabled, true);
    assert.equal(android.body.data.deep_link_pattern, null);
    await s.admin('POST', `/_aviary/clock`, { advance_ms: 1000 });
    const ios = await admin({
      app_store_identifier: '333903271',
      os_type: 'IOS',
      conversion_tracking_enabled: false,
      deep_link_pattern: 'birds://open/{id}',
    });
    assert.equal(ios.status, 201);

    for (const [body, field] of [
      [{ os_type: 'IOS' }, 'app_store_identifier'],
      [{ app_store_identifier: 'x' }, 'os_type'],
      [{ app_store_identifier: 'x', os_type: 'WINDOWS' }, 'os_type'],
      [{ app_store_identifier: 'com.example.birds', os_type: 'IOS' }, 'app_store_identifier'],
      [
        { app_store_identifier: 'x', os_type: 'ANDROID', conversion_tracking_enabled: 'yes' },
        'conversion_tracking_enabled',
      ],
      [{ app_store_identifier: 'x', os_type: 'ANDROID', colour: 'blue' }, 'colour'],
    ] as const) {
      const res = await admin(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(field in res.body.errors[0].parameters, `${field}: ${JSON.stringify(res.body)}`);
    }
    const unknown = await admin({ app_store_identifier: 'x', os_type: 'ANDROID' }, 'nosuchaccount');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.title, 'Not Found Error');

    const desc = await adsCall(s, owner, 'GET', path, { sort_by: 'created_at-desc' });
    assert.deepEqual(
      desc.body.data.map((a: any) => [a.os_type, a.app_store_identifier, a.conversion_tracking_enabled]),
      [
        ['IOS', '333903271', false],
        ['ANDROID', 'com.example.birds', true],
      ],
    );
    assert.equal(desc.body.data[0].deep_link_pattern, 'birds://open/{id}');
    const paged = await adsCall(s, owner, 'GET', path, { count: 1 });
    const next = await adsCall(s, owner, 'GET', path, { count: 1, cursor: paged.body.next_cursor });
    assert.deepEqual(
      [...paged.body.data, ...next.body.data].map((a: any) => a.id),
      [android.body.data.id, ios.body.data.id],
    );
    assert.equal(next.body.next_cursor, null);
  });

  test('account history: beta, allow-listed production accounts and every sandbox account', async () => {
    const owner = await newAdvertiser(s);
    const acc = await newAdsAccount(s, owner);
    const params = {
      entity_type: 'LINE_ITEM',
      entity_id: 'abc',
      start_time: at(0),
      end_time: at(1),
    };
    const denied = await adsCall(s, owner, 'GET', `accounts/${acc.id}/account_history`, params);
    assertError(denied, 400, 'FEATURE_NOT_AVAILABLE', 'account_id');
    assert.equal((await s.admin('PUT', `/_aviary/ads/accounts/${acc.id}/history`, { allowed: true })).status, 200);
    const allowed = await adsCall(s, owner, 'GET', `accounts/${acc.id}/account_history`, params);
    assert.equal(allowed.status, 200);
    assert.deepEqual(allowed.body.data, []);
    assert.equal(allowed.body.next_cursor, null);

    const sandbox = (await adsCall(s, owner, 'POST', 'accounts')).body.data[0];
    const inSandbox = await adsCall(s, owner, 'GET', `accounts/${sandbox.id}/account_history`, params);
    assert.equal(inSandbox.status, 200, JSON.stringify(inSandbox.body));
  });

  test('account history: entries for promoted posts and targeting criteria made and deleted', async () => {
    const owner = await newAdvertiser(s);
    const acc = (await adsCall(s, owner, 'POST', 'accounts')).body.data[0]; // sandbox: history allowed
    const li = await fixtureLineItem(s, acc.id);
    const postId = (await adminPost(s, owner.id, { text: 'history of a promotion' })).id;
    const pt = (
      await adsCall(s, owner, 'POST', `accounts/${acc.id}/promoted_tweets`, { line_item_id: li, tweet_ids: postId })
    ).body.data[0];
    const tc = (
      await adsCall(s, owner, 'POST', `accounts/${acc.id}/targeting_criteria`, {
        line_item_id: li,
        targeting_type: 'BROAD_KEYWORD',
        targeting_value: 'birds',
      })
    ).body.data;
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    await adsCall(s, owner, 'DELETE', `accounts/${acc.id}/promoted_tweets/${pt.id}`);
    await adsCall(s, owner, 'DELETE', `accounts/${acc.id}/targeting_criteria/${tc.id}`);

    const history = (p: Params) => adsCall(s, owner, 'GET', `accounts/${acc.id}/account_history`, p);
    const window = { start_time: at(-1), end_time: at(2) };
    const ptHistory = await history({ entity_type: 'PROMOTED_TWEET', entity_id: pt.id, ...window });
    assert.equal(ptHistory.status, 200, JSON.stringify(ptHistory.body));
    const [created, deleted] = ptHistory.body.data;
    assert.deepEqual(Object.keys(created).sort(), [
      'change_by',
      'change_time',
      'change_type',
      'changes',
      'entity',
      'entity_data',
      'entity_id',
    ]);
    assert.equal(created.change_type, 'CREATE');
    assert.equal(created.entity, 'PROMOTED_TWEET');
    assert.equal(created.entity_id, pt.id);
    assert.deepEqual(created.change_by, { user_id: owner.id, platform: 'API' });
    assert.deepEqual(created.entity_data, pt);
    assert.deepEqual(created.changes.tweet_id, { old: null, new: postId });
    const changed = Date.parse(created.change_time);
    assert.ok(changed >= H + HOUR / 2 && changed < H + HOUR, created.change_time);
    assert.equal(deleted.change_type, 'DELETE');
    assert.deepEqual(deleted.changes, { deleted: { old: false, new: true } });
    assert.equal(deleted.entity_data.deleted, true);
    assert.deepEqual(ptHistory.body.request.params, {
      account_id: acc.id,
      entity_type: 'PROMOTED_TWEET',
      entity_id: pt.id,
      ...window,
    });

    const tcHistory = await history({ entity_type: 'TARGETING_CRITERIA', entity_id: tc.id, ...window });
    assert.deepEqual(
      tcHistory.body.data.map((e: any) => [e.change_type, e.entity]),
      [
        ['CREATE', 'TARGETING_CRITERIA'],
        ['DELETE', 'TARGETING_CRITERIA'],
      ],
    );
    assert.equal(tcHistory.body.data[0].entity_data.name, 'birds');

    // the window: whole hours, start included, end excluded; the other entity type finds nothing
    const earlier = await history({
      entity_type: 'PROMOTED_TWEET',
      entity_id: pt.id,
      start_time: at(-1),
      end_time: at(0),
    });
    assert.deepEqual(earlier.body.data, []);
    assert.deepEqual((await history({ entity_type: 'LINE_ITEM', entity_id: pt.id, ...window })).body.data, []);
    // user_id filters by who made the change
    assert.equal(
      (await history({ entity_type: 'PROMOTED_TWEET', entity_id: pt.id, user_id: owner.id, ...window })).body.data
        .length,
      2,
    );
    assert.deepEqual(
      (await history({ entity_type: 'PROMOTED_TWEET', entity_id: pt.id, user_id: '1', ...window })).body.data,
      [],
    );
    // count and cursor
    const page1 = await history({ entity_type: 'PROMOTED_TWEET', entity_id: pt.id, count: 1, ...window });
    assert.equal(page1.body.data[0].change_type, 'CREATE');
    const page2 = await history({
      entity_type: 'PROMOTED_TWEET',
      entity_id: pt.id,
      count: 1,
      cursor: page1.body.next_cursor,
      ...window,
    });
    assert.equal(page2.body.data[0].change_type, 'DELETE');
    assert.equal(page2.body.next_cursor, null);
  });

  test('account history: parameters required, times on whole hours, a window that ends after it starts', async () => {
    const path = `accounts/${account.id}/account_history`;
    await s.admin('PUT', `/_aviary/ads/accounts/${account.id}/history`, { allowed: true });
    const none = await adsCall(s, alice, 'GET', path);
    assert.deepEqual(
      none.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'entity_type'],
        ['MISSING_PARAMETER', 'entity_id'],
        ['MISSING_PARAMETER', 'start_time'],
        ['MISSING_PARAMETER', 'end_time'],
      ],
    );
    const base = {
      entity_type: 'CAMPAIGN',
      entity_id: 'abc',
      start_time: at(0),
      end_time: at(2),
    };
    const cases: Array<[Params, string, string]> = [
      [{ ...base, entity_type: 'AD_GROUP' }, 'INVALID_PARAMETER', 'entity_type'],
      [{ ...base, start_time: at(0.5) }, 'INVALID_PARAMETER', 'start_time'],
      [{ ...base, end_time: at(2, 1000) }, 'INVALID_PARAMETER', 'end_time'],
      [{ ...base, start_time: 'yesterday' }, 'INVALID_PARAMETER', 'start_time'],
      [{ ...base, end_time: at(0) }, 'INVALID_TIME_WINDOW', 'end_time'],
      [{ ...base, user_id: 'alice' }, 'INVALID_PARAMETER', 'user_id'],
      [{ ...base, count: 0 }, 'INVALID_PARAMETER', 'count'],
    ];
    for (const [p, code, parameter] of cases)
      assertError(await adsCall(s, alice, 'GET', path, p), 400, code, parameter);
    const dateOnly = await adsCall(s, alice, 'GET', path, {
      ...base,
      start_time: at(0).slice(0, 10),
      end_time: iso(H + 24 * HOUR).slice(0, 10),
    });
    assert.equal(dateOnly.status, 200);
    assert.equal(dateOnly.body.request.params.start_time, `${at(0).slice(0, 10)}T00:00:00Z`);
  });
});
