// Ads API funding instruments: list and get; sandbox create and delete through sandbox-mode requests
// (npm client with sandbox: true, and requests shaped as the Python SDK and twurl send them); every
// create rule refused with its code and parameter and nothing stored; the control API for production.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser } from '../support/ads.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const FIELDS = [
  'start_time',
  'description',
  'credit_limit_local_micro',
  'end_time',
  'id',
  'entity_status',
  'account_id',
  'reasons_not_able_to_fund',
  'io_header',
  'currency',
  'funded_amount_local_micro',
  'created_at',
  'type',
  'able_to_fund',
  'updated_at',
  'credit_remaining_local_micro',
  'deleted',
];

forEachStore('Ads API: funding instruments', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let bob: Advertiser;
  let sandbox: string;
  let production: string;
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    bob = await newAdvertiser(s);
    sandbox = (await adsCall(s, alice, 'POST', 'accounts')).body.data[0].id;
    production = (await newAdsAccount(s, alice)).id;
  });
  after(() => s.close());

  const path = (account: string) => `accounts/${account}/funding_instruments`;
  const listIds = async (account: string, params = {}) =>
    (await adsCall(s, alice, 'GET', path(account), { with_deleted: true, ...params })).body.data.map((f: any) => f.id);

  test('sandbox create as the docs show it: the object of notes §6, the typed echo', async () => {
    const res = await adsCall(s, alice, 'POST', path(sandbox), {
      currency: 'USD',
      start_time: '2017-07-10',
      type: 'INSERTION_ORDER',
      end_time: '2099-01-10T00:00:00Z',
      funded_amount_local_micro: 140000000000,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body.data), FIELDS);
    const f = res.body.data;
    assert.match(f.id, /^[0-9a-z]+$/);
    assert.deepEqual(
      { ...f, id: null, created_at: null, updated_at: null },
      {
        start_time: '2017-07-10T00:00:00Z',
        description: '(no payment method has been set up yet)',
        credit_limit_local_micro: null,
        end_time: '2099-01-10T00:00:00Z',
        id: null,
        entity_status: 'ACTIVE',
        account_id: sandbox,
        reasons_not_able_to_fund: [],
        io_header: null,
        currency: 'USD',
        funded_amount_local_micro: 140000000000,
        created_at: null,
        type: 'INSERTION_ORDER',
        able_to_fund: true,
        updated_at: null,
        credit_remaining_local_micro: null,
        deleted: false,
      },
    );
    assert.match(f.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.deepEqual(res.body.request.params, {
      account_id: sandbox,
      currency: 'USD',
      start_time: '2017-07-10T00:00:00Z',
      type: 'INSERTION_ORDER',
      end_time: '2099-01-10T00:00:00Z',
      funded_amount_local_micro: 140000000000,
    });
    const one = await adsCall(s, alice, 'GET', `${path(sandbox)}/${f.id}`, {}, { version: '12' });
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data, f);
    assert.deepEqual(one.body.request.params, { account_id: sandbox, funding_instrument_id: f.id });
  });

  test('sandbox create through the npm client in sandbox mode, and as a twurl form body', async () => {
    const client = npmAds(s, alice, { sandbox: true });
    const made = await client.post('accounts/:account_id/funding_instruments', {
      account_id: sandbox,
      currency: 'EUR',
      start_time: '2024-01-01T00:00:00Z',
      type: 'CREDIT_LINE',
      credit_limit_local_micro: 500000000,
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    // Credit remaining is the limit less what was spent (DOCS); nothing is spent in Aviary.
    assert.equal(made.body.data.credit_remaining_local_micro, 500000000);
    assert.equal(made.body.data.credit_limit_local_micro, 500000000);
    const listed = await client.get('accounts/:account_id/funding_instruments', { account_id: sandbox });
    assert.ok(listed.body.data.some((f: any) => f.id === made.body.data.id));

    const form = await adsCall(
      s,
      alice,
      'POST',
      path(sandbox),
      { currency: 'JPY', start_time: '2024-01-01T09:00:00+09:00', type: 'CREDIT_CARD', credit_limit_local_micro: 1 },
      { form: true, version: '12' },
    );
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.data.start_time, '2024-01-01T00:00:00Z');
    assert.equal(form.body.data.credit_remaining_local_micro, null);
  });

  test('every create rule refused with its code and parameter; nothing stored', async () => {
    const before = await listIds(sandbox);
    const ok = { currency: 'USD', start_time: '2024-01-01', type: 'CREDIT_CARD' };
    const cases: Array<[Record<string, string | number>, Array<[string, string, RegExp?]>]> = [
      [
        {},
        [
          ['MISSING_PARAMETER', 'currency', /^"currency" is a required parameter$/],
          ['MISSING_PARAMETER', 'start_time'],
          ['MISSING_PARAMETER', 'type'],
        ],
      ],
      [
        { ...ok, currency: 'usd' },
        [['INVALID_PARAMETER', 'currency', /^Expected an ISO-4217 currency code, got "usd"/]],
      ],
      [{ ...ok, currency: 'XYZ' }, [['INVALID_PARAMETER', 'currency']]],
      [
        { ...ok, type: 'BITCOIN' },
        [['INVALID_PARAMETER', 'type', /^Expected a value in AGENCY_CREDIT_LINE, CREDIT_CARD/]],
      ],
      [{ ...ok, start_time: '' }, [['INVALID_PARAMETER', 'start_time', /^Expected time, got "" for start_time$/]]],
      [{ ...ok, end_time: 'soon' }, [['INVALID_PARAMETER', 'end_time']]],
      [{ ...ok, end_time: '2023-12-31' }, [['INVALID_PARAMETER', 'end_time', /after start_time/]]],
      [{ ...ok, end_time: '2024-01-01' }, [['INVALID_PARAMETER', 'end_time']]],
      [{ ...ok, credit_limit_local_micro: -1 }, [['INVALID_PARAMETER', 'credit_limit_local_micro']]],
      [{ ...ok, credit_limit_local_micro: 'lots' }, [['INVALID_PARAMETER', 'credit_limit_local_micro']]],
      [
        { ...ok, type: 'INSERTION_ORDER', credit_limit_local_micro: 5 },
        [['INVALID_PARAMETER', 'credit_limit_local_micro', /only valid for CREDIT_CARD, CREDIT_LINE/]],
      ],
      [
        { ...ok, type: 'AGENCY_CREDIT_LINE', credit_limit_local_micro: 5 },
        [['INVALID_PARAMETER', 'credit_limit_local_micro']],
      ],
      [
        { ...ok, funded_amount_local_micro: 5 },
        [['INVALID_PARAMETER', 'funded_amount_local_micro', /INSERTION_ORDER/]],
      ],
      [
        { ...ok, end_time: '2020-01-01', funded_amount_local_micro: 5 },
        [
          ['INVALID_PARAMETER', 'end_time'],
          ['INVALID_PARAMETER', 'funded_amount_local_micro'],
        ],
      ],
    ];
    for (const [params, expected] of cases) {
      const res = await adsCall(s, alice, 'POST', path(sandbox), params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.deepEqual(
        res.body.errors.map((e: any) => [e.code, e.parameter]),
        expected.map(([code, parameter]) => [code, parameter]),
        JSON.stringify(params),
      );
      expected.forEach(([, , message], i) => message && assert.match(res.body.errors[i].message, message));
      assert.equal(res.body.request.params.account_id, sandbox);
    }
    assert.deepEqual(await listIds(sandbox), before);
  });

  test('sandbox-only: create and delete on a production account are ROUTE_NOT_FOUND; nothing stored', async () => {
    const made = await adsCall(s, alice, 'POST', path(production), {
      currency: 'USD',
      start_time: '2024-01-01',
      type: 'CREDIT_CARD',
    });
    assert.equal(made.status, 404);
    assert.equal(made.body.errors[0].code, 'ROUTE_NOT_FOUND');
    assert.deepEqual(await listIds(production), []);
    const prod = npmAds(s, alice, { sandbox: false });
    const denied = await prod.post('accounts/:account_id/funding_instruments', {
      account_id: production,
      currency: 'USD',
      start_time: '2024-01-01',
      type: 'CREDIT_CARD',
    });
    assert.equal(denied.status, 404);
    assert.ok(denied.error);

    const other = await newAdsAccount(s, alice);
    const made2 = await s.admin('POST', `/_aviary/ads/accounts/${other.id}/funding_instruments`, {
      type: 'CREDIT_CARD',
      currency: 'USD',
      start_time: '2024-01-01T00:00:00Z',
    });
    const gone = await adsCall(s, alice, 'DELETE', `${path(other.id)}/${made2.body.data.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.errors[0].code, 'ROUTE_NOT_FOUND');
    assert.equal((await adsCall(s, alice, 'GET', `${path(other.id)}/${made2.body.data.id}`)).body.data.deleted, false);
  });

  test('another user’s account: the documented 404, nothing stored', async () => {
    const res = await adsCall(s, bob, 'POST', path(sandbox), {
      currency: 'USD',
      start_time: '2024-01-01',
      type: 'CREDIT_CARD',
    });
    assert.equal(res.status, 404);
    assert.match(res.body.errors[0].message, /^User \d+ does not have access to account/);
    assert.equal((await adsCall(s, bob, 'GET', path(sandbox))).status, 404);
  });

  test('delete: deleted, not able to fund (DELETED); then 404, found only with_deleted; a repeat is 404', async () => {
    const made = await adsCall(s, alice, 'POST', path(sandbox), {
      currency: 'USD',
      start_time: '2024-01-01',
      type: 'CREDIT_CARD',
    });
    const id = made.body.data.id;
    const gone = await adsCall(s, alice, 'DELETE', `${path(sandbox)}/${id}`);
    assert.equal(gone.status, 200);
    assert.equal(gone.body.data.deleted, true);
    assert.equal(gone.body.data.able_to_fund, false);
    assert.deepEqual(gone.body.data.reasons_not_able_to_fund, ['DELETED']);
    assert.deepEqual(gone.body.request.params, { account_id: sandbox, funding_instrument_id: id });

    const get = await adsCall(s, alice, 'GET', `${path(sandbox)}/${id}`);
    assert.equal(get.status, 404);
    assert.deepEqual(
      [get.body.errors[0].code, get.body.errors[0].parameter, get.body.errors[0].message],
      ['NOT_FOUND', 'funding_instrument_id', `Funding Instrument ${id} was not found for Account ${sandbox}`],
    );
    const withDeleted = await adsCall(s, alice, 'GET', `${path(sandbox)}/${id}`, { with_deleted: true });
    assert.equal(withDeleted.status, 200);
    assert.equal(withDeleted.body.data.deleted, true);
    assert.equal((await adsCall(s, alice, 'DELETE', `${path(sandbox)}/${id}`)).status, 404);
    assert.equal((await adsCall(s, alice, 'DELETE', `${path(sandbox)}/nosuch`)).status, 404);

    const visible = (await adsCall(s, alice, 'GET', path(sandbox))).body.data.map((f: any) => f.id);
    assert.ok(!visible.includes(id));
    assert.ok((await listIds(sandbox)).includes(id));
  });

  test('an instrument past its end_time cannot fund', async () => {
    const res = await adsCall(s, alice, 'POST', path(sandbox), {
      currency: 'USD',
      start_time: '2000-01-01',
      end_time: '2000-02-01',
      type: 'CREDIT_CARD',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.able_to_fund, false);
    assert.deepEqual(res.body.data.reasons_not_able_to_fund, ['EXPIRED']);
  });

  test('list: ids filter, sorts, cursor walk, total count, bad parameters named', async () => {
    const owner = await newAdvertiser(s);
    const account = (await adsCall(s, owner, 'POST', 'accounts')).body.data[0].id;
    const ids: string[] = [];
    for (const [funded, start] of [
      [3, '2024-03-01'],
      [1, '2024-01-01'],
      [2, '2024-02-01'],
    ] as const) {
      const made = await adsCall(s, owner, 'POST', path(account), {
        currency: 'USD',
        start_time: start,
        type: 'INSERTION_ORDER',
        funded_amount_local_micro: funded,
      });
      ids.push(made.body.data.id);
    }
    const card = await adsCall(s, owner, 'POST', path(account), {
      currency: 'USD',
      start_time: '2024-04-01',
      type: 'CREDIT_CARD',
    });
    ids.push(card.body.data.id);

    const list = (params: Record<string, any>) => adsCall(s, owner, 'GET', path(account), params);
    assert.deepEqual(
      (await list({})).body.data.map((f: any) => f.id),
      ids,
    );
    const byFunded = await list({ sort_by: 'funded_amount_local_micro-desc' });
    assert.deepEqual(
      byFunded.body.data.map((f: any) => f.id),
      [ids[0], ids[2], ids[1], ids[3]],
    );
    const byStart = await list({ sort_by: 'start_time-asc' });
    assert.deepEqual(
      byStart.body.data.map((f: any) => f.id),
      [ids[1], ids[2], ids[0], ids[3]],
    );
    const some = await list({ funding_instrument_ids: [ids[3]!, ids[1]!] });
    assert.deepEqual(
      some.body.data.map((f: any) => f.id),
      [ids[1], ids[3]],
    );
    assert.deepEqual(some.body.request.params.funding_instrument_ids, [ids[3], ids[1]]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list({
        count: 1,
        sort_by: 'funded_amount_local_micro-asc',
        ...(cursor ? { cursor } : {}),
      });
      assert.equal(page.status, 200);
      seen.push(...page.body.data.map((f: any) => f.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, [ids[3], ids[1], ids[2], ids[0]]);

    const total = await list({ with_total_count: true, count: 2 });
    assert.equal(total.body.total_count, 4);
    assert.equal(typeof total.body.next_cursor, 'string');

    const bad = await list({ sort_by: 'name-asc', funding_instrument_ids: 'NOT-AN-ID' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: any) => e.parameter).sort(), ['funding_instrument_ids', 'sort_by']);
    const tooMany = await list({ funding_instrument_ids: Array.from({ length: 201 }, (_, i) => `a${i}`) });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].parameter, 'funding_instrument_ids');
  });

  test('control API: instruments on production accounts, same rules, v2 problems naming the field', async () => {
    const made = await s.admin('POST', `/_aviary/ads/accounts/${production}/funding_instruments`, {
      type: 'CREDIT_CARD',
      currency: 'USD',
      start_time: '2024-01-01T00:00:00Z',
      credit_limit_local_micro: 200000000,
      description: 'Visa ending in 0650',
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual(Object.keys(made.body.data), FIELDS);
    assert.equal(made.body.data.description, 'Visa ending in 0650');
    assert.equal(made.body.data.account_id, production);
    const listed = await adsCall(s, alice, 'GET', path(production));
    assert.deepEqual(
      listed.body.data.map((f: any) => f.id),
      [made.body.data.id],
    );

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ currency: 'USD', start_time: '2024-01-01T00:00:00Z' }, 'type'],
      [{ type: 'CREDIT_CARD', currency: 'usd', start_time: '2024-01-01T00:00:00Z' }, 'currency'],
      [{ type: 'CREDIT_CARD', currency: 'USD', start_time: 'yesterday' }, 'start_time'],
      [
        { type: 'CREDIT_CARD', currency: 'USD', start_time: '2024-01-01T00:00:00Z', funded_amount_local_micro: 1 },
        'funded_amount_local_micro',
      ],
      [
        { type: 'CREDIT_CARD', currency: 'USD', start_time: '2024-01-01T00:00:00Z', end_time: '2023-01-01T00:00:00Z' },
        'end_time',
      ],
      [{ type: 'CREDIT_CARD', currency: 'USD', start_time: '2024-01-01T00:00:00Z', colour: 'red' }, 'colour'],
    ];
    for (const [body, parameter] of refusals) {
      const res = await s.admin('POST', `/_aviary/ads/accounts/${production}/funding_instruments`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body.errors[0].parameters), [parameter], JSON.stringify(res.body));
      assert.equal(res.body.title, 'Invalid Request');
    }
    const unknown = await s.admin('POST', '/_aviary/ads/accounts/nosuch/funding_instruments', {
      type: 'CREDIT_CARD',
      currency: 'USD',
      start_time: '2024-01-01T00:00:00Z',
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(
      (await adsCall(s, alice, 'GET', path(production))).body.data.map((f: any) => f.id),
      [made.body.data.id],
    );
  });
});
