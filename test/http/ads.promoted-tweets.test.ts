// Ads API promoted posts (notes §8.5): posts of Aviary's store by the account's promotable users,
// attached to its line items; POST answers an array with total_count; soft delete; the promoted
// posts of a deleted line item stay `deleted: false` and are listed only with with_deleted=true.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser } from '../support/actors.js';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { fixtureDeleteLineItem, fixtureLineItem } from '../support/ads-fixtures.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: promoted posts', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const path = () => `accounts/${account.id}/promoted_tweets`;
  const promote = (params: Params, o: { form?: boolean; version?: string } = {}) =>
    adsCall(s, alice, 'POST', path(), params, o);
  const listed = async (params: Params) =>
    (await adsCall(s, alice, 'GET', path(), params)).body.data.map((x: any) => x.id) as string[];
  const post = async (authorId = alice.id) =>
    (await adminPost(s, authorId, { text: `promote me ${Math.random()}` })).id;

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST promotes posts: data is an array with total_count; the docs’ object', async () => {
    const li = await fixtureLineItem(s, account.id);
    const [p1, p2] = [await post(), await post()];
    const res = await promote({ line_item_id: li, tweet_ids: [p1, p2] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total_count, 2);
    assert.ok(Array.isArray(res.body.data));
    assert.deepEqual(
      res.body.data.map((x: any) => x.tweet_id),
      [p1, p2],
    );
    const pt = res.body.data[0];
    assert.deepEqual(Object.keys(pt).sort(), [
      'approval_status',
      'created_at',
      'deleted',
      'entity_status',
      'id',
      'line_item_id',
      'tweet_id',
      'updated_at',
    ]);
    assert.equal(pt.entity_status, 'ACTIVE');
    assert.equal(pt.approval_status, 'ACCEPTED');
    assert.equal(pt.deleted, false);
    assert.equal(pt.line_item_id, li);
    assert.match(pt.id, /^[0-9a-z]+$/);
    assert.deepEqual(res.body.request.params, { account_id: account.id, line_item_id: li, tweet_ids: [p1, p2] });

    const csv = await promote({ line_item_id: li, tweet_ids: `${await post()},${await post()}` }, { form: true });
    assert.equal(csv.status, 200, JSON.stringify(csv.body));
    assert.equal(csv.body.data.length, 2);
    const v12 = await promote({ line_item_id: li, tweet_ids: await post() }, { version: '12' });
    assert.equal(v12.body.total_count, 1);
  });

  test('posts must exist in Aviary and be by a promotable user; every bad one named, nothing stored', async () => {
    const li = await fixtureLineItem(s, account.id);
    const carol = await newUser(s);
    const good = await post();
    const carols = await post(carol.id);
    const unknown = await promote({ line_item_id: li, tweet_ids: [good, '1999999999999999999'] });
    assertError(unknown, 404, 'TWEET_NOT_FOUND', 'tweet_ids');
    assert.match(unknown.body.errors[0].message, /1999999999999999999/);
    const foreign = await promote({ line_item_id: li, tweet_ids: [good, carols, '1999999999999999998'] });
    assert.equal(foreign.status, 400);
    assert.deepEqual(
      foreign.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['INVALID_TWEET', 'tweet_ids'],
        ['TWEET_NOT_FOUND', 'tweet_ids'],
      ],
    );
    assert.deepEqual(await listed({ line_item_ids: li, with_deleted: true }), []);

    // a user the control API makes a promotable user of the account
    const grant = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/users`, {
      user_id: carol.id,
      permissions: ['TWEET_COMPOSER'],
      promotable_user_type: 'FULL',
    });
    assert.equal(grant.status, 201);
    const ok = await promote({ line_item_id: li, tweet_ids: carols });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('parameters: required, at most 50 numeric post ids; the line item must be the account’s and live', async () => {
    const li = await fixtureLineItem(s, account.id);
    const none = await promote({});
    assert.deepEqual(
      none.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'line_item_id'],
        ['MISSING_PARAMETER', 'tweet_ids'],
      ],
    );
    const many = Array.from({ length: 51 }, (_, i) => String(1000 + i));
    assertError(await promote({ line_item_id: li, tweet_ids: many }), 400, 'INVALID_PARAMETER', 'tweet_ids');
    assertError(await promote({ line_item_id: li, tweet_ids: 'abc' }), 400, 'INVALID_PARAMETER', 'tweet_ids');
    assertError(await promote({ line_item_id: 'NOT-AN-ID', tweet_ids: '1' }), 400, 'INVALID_PARAMETER', 'line_item_id');

    const owner = await newAdvertiser(s);
    const other = await newAdsAccount(s, owner);
    const gone = await fixtureLineItem(s, account.id);
    await fixtureDeleteLineItem(s, gone);
    const p = await post();
    for (const id of ['zzzzz', await fixtureLineItem(s, other.id), gone]) {
      const res = await promote({ line_item_id: id, tweet_ids: p });
      assertError(res, 404, 'NOT_FOUND', 'line_item_id');
      assert.equal(res.body.errors[0].message, `Line Item ${id} was not found for Account ${account.id}`);
    }
    assert.deepEqual(await listed({ line_item_ids: [gone, li], with_deleted: true }), []);
  });

  test('list, get and delete; a repeated delete is 404; with_deleted shows deleted ones', async () => {
    const li = await fixtureLineItem(s, account.id);
    const li2 = await fixtureLineItem(s, account.id);
    const a = (await promote({ line_item_id: li, tweet_ids: await post() })).body.data[0];
    const b = (await promote({ line_item_id: li, tweet_ids: await post() })).body.data[0];
    const c = (await promote({ line_item_id: li2, tweet_ids: await post() })).body.data[0];
    assert.deepEqual(await listed({ line_item_ids: [li, li2], sort_by: 'created_at-desc' }), [c.id, b.id, a.id]);
    assert.deepEqual(await listed({ line_item_ids: li2 }), [c.id]);
    assert.deepEqual((await listed({ promoted_tweet_ids: [a.id, c.id] })).sort(), [a.id, c.id].sort());
    assert.deepEqual(await listed({ line_item_ids: [li, li2], sort_by: 'paused-asc' }), [a.id, b.id, c.id]);
    assertError(
      await adsCall(s, alice, 'GET', path(), { sort_by: 'tweet_id-asc' }),
      400,
      'INVALID_PARAMETER',
      'sort_by',
    );

    const one = await adsCall(s, alice, 'GET', `${path()}/${a.id}`);
    assert.deepEqual(one.body.data, a);
    assert.deepEqual(one.body.request.params, { account_id: account.id, promoted_tweet_id: a.id });

    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.data.deleted, true);
    assert.equal(removed.body.data.id, a.id);
    assertError(await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`), 404, 'NOT_FOUND', 'promoted_tweet_id');
    assertError(await adsCall(s, alice, 'GET', `${path()}/${a.id}`), 404, 'NOT_FOUND', 'promoted_tweet_id');
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${a.id}`, { with_deleted: true })).body.data.deleted, true);
    assert.deepEqual(await listed({ line_item_ids: li }), [b.id]);
    assert.deepEqual(await listed({ line_item_ids: li, with_deleted: 'True' }), [a.id, b.id]);
    const total = await adsCall(s, alice, 'GET', path(), { line_item_ids: [li, li2], with_total_count: true });
    assert.equal(total.body.total_count, 2);
  });

  test('a deleted line item: its promoted posts stay deleted:false, listed only with with_deleted', async () => {
    const li = await fixtureLineItem(s, account.id);
    const made = (await promote({ line_item_id: li, tweet_ids: [await post(), await post()] })).body.data;
    const ids = made.map((x: any) => x.id);
    await fixtureDeleteLineItem(s, li);
    assert.deepEqual(await listed({ line_item_ids: li }), []);
    assert.ok(!(await listed({})).some((id) => ids.includes(id)));
    const withDeleted = await adsCall(s, alice, 'GET', path(), { line_item_ids: li, with_deleted: true });
    assert.deepEqual(
      withDeleted.body.data.map((x: any) => [x.id, x.deleted]),
      ids.map((id: string) => [id, false]),
    );
    const counted = await adsCall(s, alice, 'GET', path(), { line_item_ids: li, with_total_count: true });
    assert.equal(counted.body.total_count, 0);
  });

  test('the npm twitter-ads client: POST answers an array, DELETE an object', async () => {
    const li = await fixtureLineItem(s, account.id);
    const ads = npmAds(s, alice);
    const made = await ads.post('accounts/:account_id/promoted_tweets', {
      account_id: account.id,
      line_item_id: li,
      tweet_ids: [await post(), await post()],
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.equal(made.body.data.length, 2);
    const removed = await ads.delete('accounts/:account_id/promoted_tweets/:promoted_tweet_id', {
      account_id: account.id,
      promoted_tweet_id: made.body.data[0].id,
    });
    assert.equal(removed.error, null);
    assert.equal(removed.body.data.deleted, true);
    const again = await ads.delete('accounts/:account_id/promoted_tweets/:promoted_tweet_id', {
      account_id: account.id,
      promoted_tweet_id: made.body.data[0].id,
    });
    assert.equal(again.status, 404);
  });
});
