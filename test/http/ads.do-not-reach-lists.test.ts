// Ads API do-not-reach lists (seed "Audiences"; notes §10.4): one live list per account, list,
// create, delete; the users batch with hashed emails and phone numbers, its per-operation counts and
// batch-style echo, every rule refused at its operation's index with nothing stored; list_size,
// targetable and reasons_not_targetable following the live members on the virtual clock.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser } from '../support/ads.js';
import { advanceClock, hashedEmail, hashedPhone, setClock } from '../support/ads-dnr.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

forEachStore('Ads API: do-not-reach lists', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  before(async () => {
    s = await startServer({ store });
    await setClock(s, '2030-01-01T00:00:00.000Z');
    alice = await newAdvertiser(s);
  });
  after(() => s.close());

  const lists = (account: string) => `accounts/${account}/do_not_reach_lists`;
  const usersPath = (account: string, list: string) => `batch/accounts/${account}/do_not_reach_lists/${list}/users`;
  const batch = (account: string, list: string, json: unknown, o: { version?: string } = {}) =>
    adsCall(s, alice, 'POST', usersPath(account, list), {}, { json, ...o });
  const users = (from: number, n: number, o: { phone?: boolean } = {}) =>
    Array.from({ length: n }, (_, k) => ({
      email: [hashedEmail(from + k)],
      ...(o.phone ? { phone_number: [hashedPhone(from + k)] } : {}),
    }));
  const listOf = async (account: string) => {
    const res = await adsCall(s, alice, 'GET', lists(account));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data[0];
  };
  async function freshList(description?: string) {
    const account = (await newAdsAccount(s, alice)).id;
    const res = await adsCall(s, alice, 'POST', lists(account), description ? { description } : {});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { account, list: res.body.data.id as string, res };
  }
  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST makes the account’s one list: the docs’ object, fixed name, PROCESSING and TOO_SMALL', async () => {
    const { account, list, res } = await freshList('A list of users to exclude');
    assert.deepEqual(res.body.request.params, { account_id: account, description: 'A list of users to exclude' });
    const d = res.body.data;
    assert.deepEqual(Object.keys(d).sort(), [
      'created_at',
      'deleted',
      'description',
      'id',
      'list_size',
      'name',
      'reasons_not_targetable',
      'targetable',
      'updated_at',
    ]);
    assert.equal(d.name, 'Do Not Reach List');
    assert.equal(d.description, 'A list of users to exclude');
    assert.equal(d.targetable, false);
    assert.deepEqual(d.reasons_not_targetable, ['PROCESSING', 'TOO_SMALL']);
    assert.equal(d.list_size, null);
    assert.equal(d.deleted, false);
    assert.equal(d.created_at, '2030-01-01T00:00:00Z');
    assert.match(list, /^[0-9a-z]+$/);

    // At most one list per account.
    const again = await adsCall(s, alice, 'POST', lists(account), { description: 'another' });
    assertError(again, 400, 'INVALID_PARAMETER', 'account_id');
    const listed = await adsCall(s, alice, 'GET', lists(account));
    assert.equal(listed.body.next_cursor, null);
    assert.deepEqual(
      listed.body.data.map((x: any) => x.id),
      [list],
    );

    // Processing ends on the service clock; the empty list stays TOO_SMALL (the docs' GET example).
    await advanceClock(s, 31 * MINUTE);
    assert.deepEqual((await listOf(account)).reasons_not_targetable, ['TOO_SMALL']);
    const noDescription = await freshList();
    assert.equal(noDescription.res.body.data.description, null);
  });

  test('users batch: per-operation counts, the batch echo; size and targetable follow the members', async () => {
    const { account, list } = await freshList();
    const res = await batch(account, list, [
      {
        operation_type: 'Update',
        params: { expires_at: '2030-06-01T00:00:00Z', users: users(0, 75, { phone: true }) },
      },
      { operation_type: 'Update', params: { users: users(75, 75) } },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, [
      { success_count: 75, total_count: 75 },
      { success_count: 75, total_count: 75 },
    ]);
    assert.deepEqual(res.body.request, [
      {
        params: { expires_at: '2030-06-01T00:00:00Z', account_id: account, do_not_reach_list_id: list },
        operation_type: 'Update',
      },
      { params: { account_id: account, do_not_reach_list_id: list }, operation_type: 'Update' },
    ]);
    // 150 members, still processing.
    let got = await listOf(account);
    assert.equal(got.targetable, false);
    assert.deepEqual(got.reasons_not_targetable, ['PROCESSING']);
    assert.equal(got.list_size, 150);
    await advanceClock(s, 31 * MINUTE);
    got = await listOf(account);
    assert.equal(got.targetable, true);
    assert.deepEqual(got.reasons_not_targetable, []);
    assert.equal(got.list_size, 150);

    // A user given again, by email and phone, is one member; the upper-case hex of the docs' example reads alike.
    const same = await batch(account, list, [
      {
        operation_type: 'Update',
        params: { users: [{ email: [hashedEmail(80).toUpperCase()], phone_number: [hashedPhone(80)] }] },
      },
    ]);
    assert.deepEqual(same.body.data, [{ success_count: 1, total_count: 1 }]);
    assert.equal((await listOf(account)).list_size, 150);

    // Delete matches on any identifier: 60 users by phone number only, 1 by email.
    const removed = await batch(account, list, [
      { operation_type: 'Delete', params: { users: users(0, 60).map((_, k) => ({ phone_number: [hashedPhone(k)] })) } },
      { operation_type: 'Delete', params: { users: [{ email: [hashedEmail(149)] }] } },
    ]);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body.data, [
      { success_count: 60, total_count: 60 },
      { success_count: 1, total_count: 1 },
    ]);
    await advanceClock(s, 31 * MINUTE);
    got = await listOf(account);
    assert.deepEqual(got.reasons_not_targetable, ['TOO_SMALL']);
    assert.equal(got.list_size, null);
    assert.equal(got.targetable, false);

    // Members expire on the service clock: 20 more for one day, then the list is too small again.
    await batch(account, list, [
      { operation_type: 'Update', params: { users: users(200, 20), expires_at: '2030-01-02T12:00:00Z' } },
    ]);
    await advanceClock(s, 31 * MINUTE);
    got = await listOf(account);
    assert.equal(got.list_size, 109);
    assert.equal(got.targetable, true);
    await advanceClock(s, 2 * DAY);
    got = await listOf(account);
    assert.equal(got.list_size, null);
    assert.deepEqual(got.reasons_not_targetable, ['TOO_SMALL']);
  });

  test('item-level faults answer at their operation’s index, every one named; nothing is stored', async () => {
    const { account, list } = await freshList();
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
    const good = { operation_type: 'Update', params: { users: users(0, 3) } };
    const cases: [unknown, string, string][] = [
      [{ operation_type: 'Update', params: { users: [{ email: ['abc'] }] } }, 'INVALID_PARAMETER', 'email'],
      [
        { operation_type: 'Update', params: { users: [{ phone_number: ['12345'] }] } },
        'INVALID_PARAMETER',
        'phone_number',
      ],
      [{ operation_type: 'Update', params: { users: [{ handle: [hashedEmail(1)] }] } }, 'INVALID_PARAMETER', 'handle'],
      [{ operation_type: 'Update', params: { users: [{ email: [] }] } }, 'INVALID_PARAMETER', ''],
      [{ operation_type: 'Update', params: { users: [{ email: 'x' }] } }, 'INVALID_PARAMETER', 'email'],
      [{ operation_type: 'Update', params: { users: ['x'] } }, 'INVALID_PARAMETER', 'users'],
      [{ operation_type: 'Update', params: {} }, 'MISSING_PARAMETER', 'users'],
      [{ operation_type: 'Update', params: { users: [] } }, 'INVALID_PARAMETER', 'users'],
      [{ operation_type: 'Update', params: { users: 'x' } }, 'INVALID_PARAMETER', 'users'],
      [
        { operation_type: 'Update', params: { users: users(9, 1), expires_at: iso(now - 1000) } },
        'INVALID_PARAMETER',
        'expires_at',
      ],
      [
        { operation_type: 'Update', params: { users: users(9, 1), expires_at: iso(now + 400 * DAY) } },
        'INVALID_PARAMETER',
        'expires_at',
      ],
      [
        { operation_type: 'Update', params: { users: users(9, 1), expires_at: 'soon' } },
        'INVALID_PARAMETER',
        'expires_at',
      ],
      [
        { operation_type: 'Update', params: { users: users(9, 1), effective_at: iso(now) } },
        'INVALID_PARAMETER',
        'effective_at',
      ],
      [{ operation_type: 'Upsert', params: { users: users(9, 1) } }, 'INVALID_PARAMETER', 'operation_type'],
      [{ params: { users: users(9, 1) } }, 'MISSING_PARAMETER', 'operation_type'],
      [{ operation_type: 'Update' }, 'MISSING_PARAMETER', 'params'],
    ];
    for (const [bad, code, parameter] of cases) {
      const res = await batch(account, list, [good, bad]);
      assertError(res, 400, code, parameter);
      assert.deepEqual(res.body.operation_errors[0], [], JSON.stringify(res.body));
      assert.equal(res.body.operation_errors[1][0].code, code);
      assert.equal(res.body.operation_errors[1][0].parameter, parameter);
      assert.equal(res.body.request.length, 2);
      assert.ok(!('data' in res.body));
    }
    const hash = await batch(account, list, [
      good,
      { operation_type: 'Update', params: { users: [{ email: ['abc'] }] } },
    ]);
    assert.equal(hash.body.errors[0].message, 'email (abc) is not a valid SHA-256 hash');
    // Nothing of the good operations was stored.
    await advanceClock(s, 31 * MINUTE);
    const fresh = await listOf(account);
    assert.deepEqual(fresh.reasons_not_targetable, ['TOO_SMALL']);
    const ok = await batch(account, list, [good]);
    assert.deepEqual(ok.body.data, [{ success_count: 3, total_count: 3 }]);
  });

  test('request-level faults answer under errors alone', async () => {
    const { account, list } = await freshList();
    const op = { operation_type: 'Update', params: { users: users(0, 1) } };
    const tooMany = await batch(
      account,
      list,
      Array.from({ length: 2501 }, () => op),
    );
    assertError(tooMany, 400, 'INVALID_PARAMETER', 'body');
    assert.ok(!('operation_errors' in tooMany.body));
    assert.match(tooMany.body.errors[0].message, /2500/);
    const most = await batch(
      account,
      list,
      Array.from({ length: 2500 }, () => op),
    );
    assert.equal(most.status, 200, JSON.stringify(most.body).slice(0, 300));
    assert.equal(most.body.data.length, 2500);
    assertError(await batch(account, list, []), 400, 'INVALID_PARAMETER', 'body');
    assertError(await batch(account, list, { operation_type: 'Update' }), 400, 'INVALID_PARAMETER', 'body');
    const form = await adsCall(
      s,
      alice,
      'POST',
      usersPath(account, list),
      { operation_type: 'Update' },
      { form: true },
    );
    assertError(form, 400, 'INVALID_PARAMETER', 'Content-Type');
    assertError(await batch(account, 'zzzzz', [op]), 404, 'NOT_FOUND', 'do_not_reach_list_id');
    const other = await freshList();
    assertError(await batch(account, other.list, [op]), 404, 'NOT_FOUND', 'do_not_reach_list_id');
  });

  test('DELETE answers deleted: true; a repeat is 404; a new list may then be made; with_deleted lists both', async () => {
    const { account, list } = await freshList('old');
    const res = await adsCall(s, alice, 'DELETE', `${lists(account)}/${list}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.deleted, true);
    assert.equal(res.body.data.id, list);
    assert.deepEqual(res.body.request.params, { account_id: account, do_not_reach_list_id: list });
    assertError(
      await adsCall(s, alice, 'DELETE', `${lists(account)}/${list}`),
      404,
      'NOT_FOUND',
      'do_not_reach_list_id',
    );
    assertError(
      await batch(account, list, [{ operation_type: 'Update', params: { users: users(0, 1) } }]),
      404,
      'NOT_FOUND',
      'do_not_reach_list_id',
    );
    assert.deepEqual((await adsCall(s, alice, 'GET', lists(account))).body.data, []);
    const next = await adsCall(s, alice, 'POST', lists(account), { description: 'new' }, { version: '12' });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    const all = await adsCall(s, alice, 'GET', lists(account), { with_deleted: true, sort_by: 'created_at-asc' });
    assert.deepEqual(
      all.body.data.map((x: any) => [x.description, x.deleted]),
      [
        ['old', true],
        ['new', false],
      ],
    );
  });

  test('only the account’s users reach its list; the npm client lists and creates', async () => {
    const { account } = await freshList();
    const bob = await newAdvertiser(s);
    const res = await adsCall(s, bob, 'GET', lists(account));
    assertError(res, 404, 'NOT_FOUND', 'account_id');

    // npm signs with the machine's time: the service clock goes back to real time for it.
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    const mine = (await newAdsAccount(s, alice)).id;
    const npm = npmAds(s, alice);
    const made = await npm.post('accounts/:account_id/do_not_reach_lists', {
      account_id: mine,
      description: 'via npm',
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.description, 'via npm');
    const listed = await npm.get('accounts/:account_id/do_not_reach_lists', { account_id: mine, with_deleted: true });
    assert.equal(listed.error, null);
    assert.deepEqual(
      listed.body.data.map((x: any) => x.id),
      [made.body.data.id],
    );
  });
});
