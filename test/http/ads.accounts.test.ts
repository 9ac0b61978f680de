// Ads API accounts: authentication before routing, the account check, production accounts from the
// control API and sandbox accounts from POST accounts on the same base URL, features, the envelope.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: accounts', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let bob: Advertiser;
  let account: { id: string; name: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    bob = await newAdvertiser(s);
    account = await newAdsAccount(s, alice, { name: 'Alice Ads' });
  });
  after(() => s.close());

  test('no credentials: 401 UNAUTHORIZED_ACCESS, even on an unknown path', async () => {
    for (const path of ['accounts', `accounts/${account.id}/campaigns`, 'no/such/path']) {
      const res = await adsCall(s, null, 'GET', path);
      assert.equal(res.status, 401, path);
      assert.deepEqual(res.body, {
        errors: [{ code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' }],
        request: { params: {} },
      });
    }
    const bearer = await s.call('GET', '/12/accounts', { auth: `Bearer ${s.bearer}` });
    assert.equal(bearer.status, 401);
    assert.equal(bearer.body.errors[0].code, 'UNAUTHORIZED_ACCESS');
  });

  test('an unknown path with credentials is 404 ROUTE_NOT_FOUND', async () => {
    const res = await adsCall(s, alice, 'GET', 'no/such/path');
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0].code, 'ROUTE_NOT_FOUND');
  });

  test('GET accounts lists the caller’s accounts; /11/ and /12/ alike', async () => {
    for (const version of ['11', '12']) {
      const res = await adsCall(s, alice, 'GET', 'accounts', {}, { version });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.request, { params: {} });
      assert.equal(res.body.next_cursor, null);
      assert.deepEqual(
        res.body.data.map((a: any) => a.id),
        [account.id],
      );
      const a = res.body.data[0];
      assert.deepEqual(Object.keys(a).sort(), [
        'approval_status',
        'business_id',
        'business_name',
        'created_at',
        'deleted',
        'id',
        'industry_type',
        'name',
        'timezone',
        'timezone_switch_at',
        'updated_at',
      ]);
      assert.match(a.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.match(a.id, /^[0-9a-z]+$/);
    }
    assert.deepEqual((await adsCall(s, bob, 'GET', 'accounts')).body.data, []);
  });

  test('another user’s account: the documented 404', async () => {
    const res = await adsCall(s, bob, 'GET', `accounts/${account.id}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0].code, 'NOT_FOUND');
    assert.equal(
      res.body.errors[0].message,
      `User ${bob.id} does not have access to account ${account.id}. Type 'sn ${bob.id}' to get the handle of the user. Use 'twurl accounts' and 'twurl set default <username>' to change the user you're using.`,
    );
    assert.deepEqual(res.body.request, { params: { account_id: account.id } });
  });

  test('a granted user reaches the account and sees their roles', async () => {
    const grant = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/users`, {
      user_id: bob.id,
      permissions: ['CAMPAIGN_ANALYST'],
    });
    assert.equal(grant.status, 201);
    const res = await adsCall(s, bob, 'GET', `accounts/${account.id}/authenticated_user_access`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      request: { params: { account_id: account.id } },
      data: { user_id: bob.id, permissions: ['CAMPAIGN_ANALYST'] },
    });
  });

  test('PUT renames and sets industry_type; a bad enum names the parameter', async () => {
    const res = await adsCall(s, alice, 'PUT', `accounts/${account.id}`, {
      name: 'Renamed ads',
      industry_type: 'RETAIL',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.name, 'Renamed ads');
    assert.equal(res.body.data.industry_type, 'RETAIL');
    assert.deepEqual(res.body.request.params, { account_id: account.id, name: 'Renamed ads', industry_type: 'RETAIL' });
    const bad = await adsCall(s, alice, 'PUT', `accounts/${account.id}`, { industry_type: 'SPACE' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].code, 'INVALID_PARAMETER');
    assert.equal(bad.body.errors[0].parameter, 'industry_type');
    assert.match(bad.body.errors[0].message, /^Expected a value in AGENCY, .*, got "SPACE" for industry_type$/);
  });

  test('sandbox: POST accounts answers an array; features and delete work on it, not on production', async () => {
    const made = await adsCall(
      s,
      alice,
      'POST',
      'accounts',
      {},
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    assert.equal(made.status, 200);
    assert.equal(made.body.next_cursor, undefined);
    assert.ok(Array.isArray(made.body.data));
    const sandbox = made.body.data[0];
    assert.equal(sandbox.name, 'Sandbox account');
    assert.equal(sandbox.approval_status, 'ACCEPTED');

    const added = await adsCall(s, alice, 'POST', `accounts/${sandbox.id}/features`, {
      feature_keys: ['AGE_TARGETING', 'CONVERSATION_CARD'],
    });
    assert.equal(added.status, 200);
    assert.deepEqual(added.body.data, ['AGE_TARGETING', 'CONVERSATION_CARD']);
    const removed = await adsCall(s, alice, 'DELETE', `accounts/${sandbox.id}/features`, {
      feature_keys: 'AGE_TARGETING',
    });
    assert.deepEqual(removed.body.data, ['CONVERSATION_CARD']);
    const filtered = await adsCall(s, alice, 'GET', `accounts/${sandbox.id}/features`, {
      feature_keys: 'AGE_TARGETING',
    });
    assert.deepEqual(filtered.body.data, []);

    const onProduction = await adsCall(s, alice, 'POST', `accounts/${account.id}/features`, {
      feature_keys: 'AGE_TARGETING',
    });
    assert.equal(onProduction.status, 404);
    assert.equal(onProduction.body.errors[0].code, 'ROUTE_NOT_FOUND');

    const deleted = await adsCall(s, alice, 'DELETE', `accounts/${sandbox.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.data.deleted, true);
    assert.equal((await adsCall(s, alice, 'GET', `accounts/${sandbox.id}`)).status, 404);
    const withDeleted = await adsCall(s, alice, 'GET', `accounts/${sandbox.id}`, { with_deleted: true });
    assert.equal(withDeleted.status, 200);
    assert.equal(withDeleted.body.data.deleted, true);
    assert.equal((await adsCall(s, alice, 'DELETE', `accounts/${sandbox.id}`)).status, 404);
  });

  test('a deleted account is read with with_deleted=true but never written: every write is the documented 404', async () => {
    const sandbox = (
      await adsCall(
        s,
        alice,
        'POST',
        'accounts',
        {},
        { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      )
    ).body.data[0];
    const fi = await s.admin('POST', `/_aviary/ads/accounts/${sandbox.id}/funding_instruments`, {
      type: 'CREDIT_CARD',
      currency: 'USD',
      start_time: '2024-01-01T00:00:00Z',
    });
    assert.equal(fi.status, 201, JSON.stringify(fi.body));
    const campaigns = `accounts/${sandbox.id}/campaigns`;
    const campaign = await adsCall(s, alice, 'POST', campaigns, {
      funding_instrument_id: fi.body.data.id,
      name: 'before the end',
      daily_budget_amount_local_micro: 5,
    });
    assert.equal(campaign.status, 200, JSON.stringify(campaign.body));
    const one = `${campaigns}/${campaign.body.data.id}`;
    assert.equal((await adsCall(s, alice, 'DELETE', `accounts/${sandbox.id}`)).status, 200);

    const documented = {
      code: 'NOT_FOUND',
      message:
        `User ${alice.id} does not have access to account ${sandbox.id}. Type 'sn ${alice.id}' to get the handle ` +
        `of the user. Use 'twurl accounts' and 'twurl set default <username>' to change the user you're using.`,
      parameter: 'account_id',
    };
    const writes: Array<[string, string, Params]> = [
      ['PUT', `accounts/${sandbox.id}`, { name: 'revived' }],
      ['DELETE', `accounts/${sandbox.id}`, {}],
      ['POST', `accounts/${sandbox.id}/features`, { feature_keys: 'AGE_TARGETING' }],
      ['POST', campaigns, { funding_instrument_id: fi.body.data.id, name: 'after the end' }],
      ['PUT', one, { name: 'changed' }],
      ['DELETE', one, {}],
    ];
    for (const [method, path, params] of writes)
      for (const withDeleted of [{}, { with_deleted: true }, { with_deleted: 'true' }] as Params[]) {
        const res = await adsCall(s, alice, method, path, { ...params, ...withDeleted });
        assert.equal(res.status, 404, `${method} ${path} ${JSON.stringify(withDeleted)}`);
        assert.deepEqual(res.body.errors, [documented], `${method} ${path}`);
      }
    const batch = await adsCall(
      s,
      alice,
      'POST',
      `batch/${campaigns}`,
      { with_deleted: true },
      {
        json: [{ operation_type: 'Delete', params: { campaign_id: campaign.body.data.id } }],
      },
    );
    assert.equal(batch.status, 404);
    assert.deepEqual(batch.body.errors, [documented]);

    // Reads still see it, unchanged.
    const account = await adsCall(s, alice, 'GET', `accounts/${sandbox.id}`, { with_deleted: true });
    assert.equal(account.status, 200);
    assert.deepEqual([account.body.data.name, account.body.data.deleted], ['Sandbox account', true]);
    const kept = await adsCall(s, alice, 'GET', one, { with_deleted: true });
    assert.equal(kept.status, 200);
    assert.deepEqual([kept.body.data.name, kept.body.data.deleted], ['before the end', false]);
    const all = await adsCall(s, alice, 'GET', campaigns, { with_deleted: true });
    assert.deepEqual(
      all.body.data.map((c: any) => c.id),
      [campaign.body.data.id],
    );
  });

  test('the npm twitter-ads client in production and sandbox mode on one base URL', async () => {
    const prod = npmAds(s, alice, { sandbox: false });
    const list = await prod.get('accounts', {});
    assert.equal(list.error, null);
    assert.ok(list.body.data.some((a: any) => a.id === account.id));
    const sandboxClient = npmAds(s, alice, { sandbox: true });
    const made = await sandboxClient.post('accounts', {});
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.equal(made.body.data[0].name, 'Sandbox account');
    const one = await sandboxClient.get('accounts/:account_id', { account_id: made.body.data[0].id });
    assert.equal(one.body.data.id, made.body.data[0].id);
    const denied = await npmAds(s, bob).get('accounts/:account_id/features', { account_id: made.body.data[0].id });
    assert.ok(denied.error, 'an error for another user’s account');
    assert.equal(denied.status, 404);
  });

  test('list parameters: q prefix, account_ids, sort, count and cursor, total count', async () => {
    const owner = await newAdvertiser(s);
    const ids: string[] = [];
    for (const name of ['beta one', 'Beta two', 'alpha', 'beta three'])
      ids.push((await newAdsAccount(s, owner, { name })).id);
    const q = await adsCall(s, owner, 'GET', 'accounts', { q: 'BETA', sort_by: 'name-asc' });
    assert.deepEqual(
      q.body.data.map((a: any) => a.name),
      ['beta one', 'beta three', 'Beta two'].sort((a, b) => (a < b ? -1 : 1)),
    );
    const two = await adsCall(s, owner, 'GET', 'accounts', { account_ids: [ids[0]!, ids[2]!] });
    assert.deepEqual(two.body.data.map((a: any) => a.id).sort(), [ids[0], ids[2]].sort());
    assert.deepEqual(two.body.request.params.account_ids, [ids[0], ids[2]]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await adsCall(s, owner, 'GET', 'accounts', { count: 3, ...(cursor ? { cursor } : {}) });
      assert.equal(page.status, 200);
      seen.push(...page.body.data.map((a: any) => a.id));
      cursor = page.body.next_cursor;
      assert.notEqual(cursor, '');
    } while (cursor);
    assert.deepEqual(seen.sort(), [...ids].sort());
    const total = await adsCall(s, owner, 'GET', 'accounts', { with_total_count: 'TRUE', count: 1 });
    assert.equal(total.body.total_count, 4);
    assert.equal(total.body.request.params.with_total_count, true);
    const both = await adsCall(s, owner, 'GET', 'accounts', { with_total_count: true, cursor: total.body.next_cursor });
    assert.equal(both.status, 400);
    assert.equal(both.body.errors[0].code, 'EXCLUSIVE_PARAMETERS');
    const badCount = await adsCall(s, owner, 'GET', 'accounts', { count: 0, sort_by: 'bid-asc' });
    assert.equal(badCount.status, 400);
    assert.deepEqual(
      badCount.body.errors.map((e: any) => e.parameter),
      ['count', 'sort_by'],
    );
  });
});
