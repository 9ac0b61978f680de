// Ads API custom audiences (seed "Audiences", "Errors", "Limits"; notes §10.1–§10.3, §3.3): create with
// a unique name, list by permission scope, get, update, delete; the users batch (≤2,500 operations,
// ≤5,000,000 bytes, 64-hex SHA-256 values, atomic, one {success_count, total_count}); size and
// targetability computed from the live members on the service clock; targeting by a line item and
// `targeted` (and its legacy tailored_audiences path).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser } from '../support/ads.js';
import {
  advanceClock,
  emails,
  hashEmail,
  newAudience,
  npmUsers,
  PROCESSED_AFTER_MS,
  runningLineItem,
  targetAudience,
  targetableAudience,
  updateOp,
  usersCall,
} from '../support/ads-audiences.js';
import { fixtureLineItem } from '../support/ads-fixtures.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: custom audiences', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const base = () => `accounts/${account.id}/custom_audiences`;
  const get = (id: string, params = {}) => adsCall(s, alice, 'GET', `${base()}/${id}`, params);

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body).slice(0, 500));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body).slice(0, 500));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body).slice(0, 500));
  }

  // First: the npm client signs with real time, so it runs before any test moves the virtual clock.
  test('npm twitter-ads: create, users batch as a JSON body, get; the docs’ object', async () => {
    const npm = npmAds(s, alice);
    const made = await npm.post('accounts/:account_id/custom_audiences', { account_id: account.id, name: 'npm one' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const a = made.body.data;
    assert.deepEqual(Object.keys(a).sort(), [
      'audience_size',
      'audience_type',
      'created_at',
      'deleted',
      'description',
      'id',
      'is_owner',
      'name',
      'owner_account_id',
      'partner_source',
      'permission_level',
      'reasons_not_targetable',
      'targetable',
      'targetable_types',
      'updated_at',
    ]);
    assert.equal(a.targetable, false);
    assert.deepEqual(a.reasons_not_targetable, ['PROCESSING', 'TOO_SMALL']);
    assert.equal(a.audience_size, null);
    assert.equal(a.audience_type, 'CRM');
    assert.equal(a.owner_account_id, account.id);
    assert.equal(a.is_owner, true);
    assert.equal(a.permission_level, 'READ_WRITE');
    assert.match(a.id, /^[0-9a-z]+$/);
    const users = await npmUsers(s, alice, account.id, a.id, [updateOp(emails(3, 'npm'))]);
    assert.equal(users.error, null, JSON.stringify(users.body));
    assert.deepEqual(users.body.data, { success_count: 3, total_count: 3 });
    assert.deepEqual(users.body.request, { params: { account_id: account.id, custom_audience_id: a.id } });
    const got = await npm.get('accounts/:account_id/custom_audiences/:id', { account_id: account.id, id: a.id });
    assert.equal(got.body.data.name, 'npm one');
  });

  test('150 hashed emails: PROCESSING, then targetable on the clock; targeted by a line item', async () => {
    const audience = await newAudience(s, alice, account.id);
    const { campaign, lineItem } = await runningLineItem(s, account.id);
    // Not targetable yet: too small and processing.
    assertError(
      await targetAudience(s, alice, account.id, lineItem, audience.id),
      400,
      'INVALID_PARAMETER',
      'targeting_value',
    );
    // Two operations of 75 users each: the answer sums every user (notes §10.2).
    const hashes = emails(150, 'fill');
    const res = await usersCall(s, alice, account.id, audience.id, [
      updateOp(hashes.slice(0, 75)),
      updateOp(hashes.slice(75).map((h) => h.toUpperCase())),
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
    assert.deepEqual(res.body.data, { success_count: 150, total_count: 150 });
    let a = (await get(audience.id)).body.data;
    assert.equal(a.targetable, false);
    assert.deepEqual(a.reasons_not_targetable, ['PROCESSING']);
    assert.equal(a.audience_size, null);
    assertError(
      await targetAudience(s, alice, account.id, lineItem, audience.id),
      400,
      'INVALID_PARAMETER',
      'targeting_value',
    );
    await advanceClock(s, PROCESSED_AFTER_MS);
    a = (await get(audience.id)).body.data;
    assert.equal(a.targetable, true, JSON.stringify(a));
    assert.deepEqual(a.reasons_not_targetable, []);
    assert.equal(a.audience_size, 150);

    const tc = await targetAudience(s, alice, account.id, lineItem, audience.id);
    assert.equal(tc.status, 200, JSON.stringify(tc.body));
    assert.equal(tc.body.data.targeting_type, 'CUSTOM_AUDIENCE');
    assert.equal(tc.body.data.targeting_value, audience.id);
    assert.equal(tc.body.data.name, audience.name);
    const paused = await fixtureLineItem(s, account.id, campaign, { name: 'Paused line item' });
    const expanded = await targetAudience(s, alice, account.id, paused, audience.id, 'CUSTOM_AUDIENCE_EXPANDED');
    assert.equal(expanded.status, 200, JSON.stringify(expanded.body));

    // targeted: servable line items by default; with_active=false lists the paused one too (seed).
    const targeted = await adsCall(s, alice, 'GET', `${base()}/${audience.id}/targeted`);
    assert.equal(targeted.status, 200, JSON.stringify(targeted.body));
    assert.deepEqual(targeted.body.data, [
      {
        campaign_id: campaign,
        campaign_name: 'Running campaign',
        line_items: [{ id: lineItem, name: 'Running line item', servable: true }],
      },
    ]);
    assert.equal(targeted.body.next_cursor, null);
    const all = await adsCall(s, alice, 'GET', `accounts/${account.id}/tailored_audiences/${audience.id}/targeted`, {
      with_active: false,
    });
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data[0].line_items.map((x: any) => [x.id, x.servable]).sort(),
      [
        [lineItem, true],
        [paused, false],
      ].sort(),
    );
  });

  test('targeted pages by campaign with a cursor', async () => {
    const audience = await targetableAudience(s, alice, account.id);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { campaign, lineItem } = await runningLineItem(s, account.id);
      assert.equal((await targetAudience(s, alice, account.id, lineItem, audience.id)).status, 200);
      made.push(campaign);
    }
    const first = await adsCall(s, alice, 'GET', `${base()}/${audience.id}/targeted`, { count: 2 });
    assert.equal(first.body.data.length, 2);
    assert.ok(first.body.next_cursor);
    const second = await adsCall(s, alice, 'GET', `${base()}/${audience.id}/targeted`, {
      count: 2,
      cursor: first.body.next_cursor,
    });
    assert.equal(second.body.next_cursor, null);
    assert.deepEqual(
      [...first.body.data, ...second.body.data].map((x: any) => x.campaign_id),
      [...made].sort(),
    );
  });

  test('users batch request-level limits: 2,501st operation, 5,000,001st byte; nothing stored', async () => {
    const audience = await newAudience(s, alice, account.id);
    const op = updateOp([hashEmail('limit@example.com')]);
    const tooMany = await usersCall(
      s,
      alice,
      account.id,
      audience.id,
      Array.from({ length: 2501 }, () => op),
    );
    assertError(tooMany, 400, 'INVALID_PARAMETER', 'body');
    assert.ok(!('operation_errors' in tooMany.body));
    const most = await usersCall(
      s,
      alice,
      account.id,
      audience.id,
      Array.from({ length: 2500 }, () => op),
    );
    assert.equal(most.status, 200, JSON.stringify(most.body).slice(0, 300));
    assert.deepEqual(most.body.data, { success_count: 2500, total_count: 2500 });

    // A body of exactly 5,000,000 bytes is read; one byte more is refused in the Ads envelope.
    const other = await newAudience(s, alice, account.id);
    const ops = Array.from({ length: 600 }, (_, i) => updateOp(emails(100, `big${i}-`).slice(0, 100)));
    const text = JSON.stringify(ops);
    assert.ok(text.length < 5_000_000, String(text.length));
    const url = `accounts/${account.id}/custom_audiences/${other.id}/users`;
    const exact = await rawPost(url, text + ' '.repeat(5_000_000 - text.length));
    assert.equal(exact.status, 200, JSON.stringify(exact.body).slice(0, 300));
    assert.deepEqual(exact.body.data, { success_count: 60_000, total_count: 60_000 });
    const over = await rawPost(url, text + ' '.repeat(5_000_001 - text.length));
    assertError(over, 400, 'INVALID_PARAMETER', 'body');
    assert.deepEqual(over.body.request, { params: { account_id: account.id, custom_audience_id: other.id } });
    await advanceClock(s, PROCESSED_AFTER_MS);
    assert.equal((await get(other.id)).body.data.audience_size, 60_000);
  });

  /** A JSON body sent as given (adsCall stringifies its `json`). */
  async function rawPost(path: string, body: string) {
    const { signRequest } = await import('../../src/auth/index.js');
    const url = `${s.url}/12/${path}`;
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const authorization = signRequest({
      method: 'POST',
      url,
      consumerKey: alice.consumerKey,
      consumerSecret: alice.consumerSecret,
      token: alice.token,
      tokenSecret: alice.tokenSecret,
      timestamp: Math.floor(now / 1000),
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  test('item-level errors at their input index; the whole request stored or nothing', async () => {
    const audience = await targetableAudience(s, alice, account.id, 120);
    const good = updateOp(emails(50, 'more'));
    const res = await usersCall(s, alice, account.id, audience.id, [
      good,
      { operation_type: 'Update', params: { users: [{ email: ['abc'] }] } },
      good,
      { operation_type: 'Remove', params: { users: [{ email: [hashEmail('x@example.com')] }] } },
      { operation_type: 'Update', params: { users: [{}] } },
      { operation_type: 'Update' },
      updateOp([hashEmail('t@example.com')], {
        effective_at: '2030-01-01T00:00:00Z',
        expires_at: '2029-01-01T00:00:00Z',
      }),
      updateOp([hashEmail('t@example.com')], { effective_at: 'soon' }),
      { operation_type: 'Update', params: { users: [{ phone_number: [hashEmail('1')], unknown_id: ['x'] }] } },
    ]);
    assert.equal(res.status, 400);
    const oe = res.body.operation_errors.map((errs: any[]) => errs.map((e) => [e.code, e.parameter]));
    assert.deepEqual(oe, [
      [],
      [['INVALID_PARAMETER', 'email']],
      [],
      [['INVALID_PARAMETER', 'operation_type']],
      [['INVALID_PARAMETER', '']],
      [['MISSING_PARAMETER', 'params']],
      [['INVALID_TIME_WINDOW', 'expires_at']],
      [['INVALID_PARAMETER', 'effective_at']],
      [['INVALID_PARAMETER', 'unknown_id']],
    ]);
    assert.equal(res.body.operation_errors[1][0].message, 'email (abc) is not a valid SHA-256 hash');
    assert.equal(res.body.operation_errors[4][0].message, 'At least one user identifier must be provided');
    assert.equal(res.body.errors.length, 7);
    assert.equal(res.body.errors[0].parameter, 'email');
    // Nothing stored: the good operations did not add their users, nor restart processing.
    const a = (await get(audience.id)).body.data;
    assert.equal(a.audience_size, 120);
    assert.equal(a.targetable, true);

    const notArray = await usersCall(s, alice, account.id, audience.id, { operation_type: 'Update' });
    assertError(notArray, 400, 'INVALID_PARAMETER', 'body');
    assertError(await usersCall(s, alice, account.id, audience.id, []), 400, 'INVALID_PARAMETER', 'body');
    const form = await adsCall(s, alice, 'POST', `${base()}/${audience.id}/users`, { users: 'x' }, { form: true });
    assertError(form, 400, 'INVALID_PARAMETER', 'Content-Type');
    assertError(await usersCall(s, alice, account.id, 'zzzzz', [good]), 404, 'NOT_FOUND', 'custom_audience_id');
  });

  test('Delete matches a user on any identifier; effective and expiry times on the service clock', async () => {
    const audience = await newAudience(s, alice, account.id);
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
    const both = { email: [hashEmail('both@example.com')], handle: [hashEmail('both')] };
    const res = await usersCall(s, alice, account.id, audience.id, [
      updateOp(emails(100, 'stay')),
      { operation_type: 'Update', params: { users: [both] } },
      // Counts from an hour on, for a day.
      updateOp(emails(10, 'later'), { effective_at: iso(now + 3_600_000), expires_at: iso(now + 90_000_000) }),
      // Expires in 20 minutes.
      updateOp(emails(5, 'brief'), { expires_at: iso(now + 20 * 60_000) }),
      // A partner id is not hashed.
      { operation_type: 'Update', params: { users: [{ partner_user_id: ['crm-42'] }] } },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
    assert.deepEqual(res.body.data, { success_count: 117, total_count: 117 });
    await advanceClock(s, PROCESSED_AFTER_MS);
    assert.equal((await get(audience.id)).body.data.audience_size, 107); // 100 + both + 5 brief + partner
    await advanceClock(s, 5 * 60_000);
    assert.equal((await get(audience.id)).body.data.audience_size, 102); // the brief ones expired
    await advanceClock(s, 3_600_000);
    assert.equal((await get(audience.id)).body.data.audience_size, 112); // the later ones count

    // Deleting by the handle removes the user added with email and handle; the answer counts users.
    const del = await usersCall(s, alice, account.id, audience.id, [
      {
        operation_type: 'Delete',
        params: { users: [{ handle: [hashEmail('both')] }, { partner_user_id: ['crm-42'] }] },
      },
    ]);
    assert.deepEqual(del.body.data, { success_count: 2, total_count: 2 });
    const a = (await get(audience.id)).body.data;
    assert.deepEqual(a.reasons_not_targetable, ['PROCESSING']);
    await advanceClock(s, PROCESSED_AFTER_MS);
    assert.equal((await get(audience.id)).body.data.audience_size, 110);
  });

  test('Deletes and Updates apply in order within one request; an identifier goes with its user', async () => {
    const audience = await newAudience(s, alice, account.id);
    const user = (email: string, more: Record<string, string[]> = {}) => ({ email: [hashEmail(email)], ...more });
    const op = (operation_type: string, ...users: unknown[]) => ({ operation_type, params: { users } });
    const size = async () => {
      await advanceClock(s, PROCESSED_AFTER_MS);
      return (await get(audience.id)).body.data.audience_size;
    };
    const first = await usersCall(s, alice, account.id, audience.id, [
      op('Update', user('a@x.com', { handle: [hashEmail('a')] }), user('b@x.com'), user('c@x.com')),
    ]);
    assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 500));
    assert.equal(await size(), 3);
    const second = await usersCall(s, alice, account.id, audience.id, [
      // By the stored handle: user a goes, handle and all; then a comes back with its email only.
      op('Delete', { handle: [hashEmail('a').toUpperCase()] }),
      op('Update', user('a@x.com')),
      op('Delete', user('b@x.com')),
      // Added and removed again by its phone within the request; c is renewed, twice.
      op('Update', user('d@x.com', { phone_number: [hashEmail('555')] }), user('c@x.com')),
      op('Delete', { phone_number: [hashEmail('555')] }),
      op('Update', user('c@x.com')),
    ]);
    assert.deepEqual(second.body.data, { success_count: 7, total_count: 7 });
    assert.equal(await size(), 2); // a and c
    // The handle went with the first a: it no longer matches the a added again.
    await usersCall(s, alice, account.id, audience.id, [op('Delete', { handle: [hashEmail('a')] })]);
    assert.equal(await size(), 2);
    await usersCall(s, alice, account.id, audience.id, [op('Delete', user('a@x.com'), user('c@x.com'))]);
    assert.equal(await size(), 0);
  });

  test('create needs a unique name; update; delete; a repeated delete is 404', async () => {
    assertError(await adsCall(s, alice, 'POST', base(), {}), 400, 'MISSING_PARAMETER', 'name');
    const a = await newAudience(s, alice, account.id, 'unique name');
    assertError(await adsCall(s, alice, 'POST', base(), { name: 'unique name' }), 400, 'INVALID_PARAMETER', 'name');
    const b = await newAudience(s, alice, account.id, 'second name');
    assertError(
      await adsCall(s, alice, 'PUT', `${base()}/${b.id}`, { name: 'unique name' }),
      400,
      'INVALID_PARAMETER',
      'name',
    );
    const put = await adsCall(
      s,
      alice,
      'PUT',
      `${base()}/${a.id}`,
      { name: 'renamed', description: 'about' },
      { form: true },
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.name, 'renamed');
    assert.equal(put.body.data.description, 'about');
    const unset = await adsCall(s, alice, 'PUT', `${base()}/${a.id}`, { description: '' });
    assert.equal(unset.body.data.description, null);
    const del = await adsCall(s, alice, 'DELETE', `${base()}/${a.id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.data.deleted, true);
    assertError(await adsCall(s, alice, 'DELETE', `${base()}/${a.id}`), 404, 'NOT_FOUND', 'custom_audience_id');
    assertError(await get(a.id), 404, 'NOT_FOUND', 'custom_audience_id');
    assert.equal((await get(a.id, { with_deleted: 'True' })).body.data.deleted, true);
    // The name is free again once its audience is deleted.
    assert.equal((await adsCall(s, alice, 'POST', base(), { name: 'renamed' })).status, 200);
    // A deleted audience cannot be targeted.
    const li = await fixtureLineItem(s, account.id);
    assertError(
      await targetAudience(s, alice, account.id, li, a.id),
      404,
      'TAILORED_AUDIENCE_NOT_FOUND',
      'targeting_value',
    );
  });

  test('list: q prefix, ids, permission_scope, SDK-shaped requests', async () => {
    const own = await newAdsAccount(s, alice);
    const path = `accounts/${own.id}/custom_audiences`;
    const x = await newAudience(s, alice, own.id, 'Developers one');
    const y = await newAudience(s, alice, own.id, 'developers two');
    await newAudience(s, alice, own.id, 'Designers');
    const ids = async (params: Record<string, any>, version?: string) =>
      ((await adsCall(s, alice, 'GET', path, params, { version })).body.data as any[]).map((a) => a.id).sort();
    assert.deepEqual(await ids({ q: 'DEVELOP' }), [x.id, y.id].sort());
    assert.deepEqual(await ids({ q: 'dev%' }), []);
    assert.deepEqual(await ids({ custom_audience_ids: [x.id, y.id], q: 'developers t' }, '12'), [y.id]);
    assert.deepEqual(await ids({ permission_scope: 'SHARED' }), []);
    assertError(
      await adsCall(s, alice, 'GET', path, { permission_scope: 'MINE' }),
      400,
      'INVALID_PARAMETER',
      'permission_scope',
    );
    assertError(await adsCall(s, alice, 'GET', path, { q: '' }), 400, 'INVALID_PARAMETER', 'q');
    const sorted = await adsCall(s, alice, 'GET', path, { sort_by: 'name-desc' });
    assert.deepEqual(
      sorted.body.data.map((a: any) => a.name),
      ['developers two', 'Developers one', 'Designers'],
    );
    const listed = (await adsCall(s, alice, 'GET', path, { q: 'Designers' })).body.data[0];
    assert.deepEqual(listed.reasons_not_targetable, ['PROCESSING', 'TOO_SMALL']);
    // Another user's account is not the caller's.
    const bob = await newAdvertiser(s);
    assertError(await adsCall(s, bob, 'GET', path), 404, 'NOT_FOUND', 'account_id');
  });
});
