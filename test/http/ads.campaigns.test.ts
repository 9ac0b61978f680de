// Ads API campaigns: created, listed with cursors, filtered, sorted, updated and deleted over HTTP as
// the Python SDK, twurl and the npm client send them; every rule refused with its code and parameter
// and nothing stored; servability computed from the campaign, its line items and its instrument; the
// batch endpoint all or nothing; 200 active campaigns per account; account history recorded.
// One file past STYLE's ~400 lines on purpose: every case shares one server per store (a start costs
// seconds on PostgreSQL), one account and the helpers below; each test() stands alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fixtureLineItem } from '../support/ads-fixtures.js';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const FIELDS = [
  'name',
  'budget_optimization',
  'reasons_not_servable',
  'servable',
  'purchase_order_number',
  'effective_status',
  'daily_budget_amount_local_micro',
  'funding_instrument_id',
  'duration_in_days',
  'standard_delivery',
  'total_budget_amount_local_micro',
  'id',
  'entity_status',
  'frequency_cap',
  'currency',
  'created_at',
  'updated_at',
  'deleted',
];

forEachStore('Ads API: campaigns', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let bob: Advertiser;
  let account: string;
  let fi: string;
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    bob = await newAdvertiser(s);
    account = (await newAdsAccount(s, alice)).id;
    fi = await instrument(account, { currency: 'EUR' });
  });
  after(() => s.close());

  async function instrument(accountId: string, over: Record<string, unknown> = {}): Promise<string> {
    const res = await s.admin('POST', `/_aviary/ads/accounts/${accountId}/funding_instruments`, {
      type: 'CREDIT_CARD',
      currency: 'USD',
      start_time: '2024-01-01T00:00:00Z',
      ...over,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id;
  }

  const path = (accountId = account) => `accounts/${accountId}/campaigns`;
  const create = (params: Params, o: { who?: Advertiser; accountId?: string; form?: boolean; version?: string } = {}) =>
    adsCall(s, o.who ?? alice, 'POST', path(o.accountId), { funding_instrument_id: fi, ...params }, o);
  /** Every campaign of the account, drafts and deleted ones too. */
  const everything = async (accountId = account) =>
    (
      await adsCall(s, alice, 'GET', path(accountId), { with_deleted: true, with_draft: true, count: 1000 })
    ).body.data.map((c: any) => [c.id, c.updated_at, c.name, c.entity_status, c.deleted]);
  const history = (id: string) =>
    s.deps.db.all<{ change_type: string; changes: string; entity_data: string; user_id: string }>(
      "SELECT change_type, changes, entity_data, user_id FROM ads_history WHERE entity_type = 'CAMPAIGN' AND entity_id = ? ORDER BY change_time, id",
      [id],
    );

  test('create as the docs show it: the v12 campaign object, the typed echo, history recorded', async () => {
    const res = await create({ name: 'demo', daily_budget_amount_local_micro: 140000000, entity_status: 'PAUSED' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const c = res.body.data;
    assert.deepEqual(Object.keys(c), FIELDS);
    assert.deepEqual(
      { ...c, id: null, created_at: null, updated_at: null },
      {
        name: 'demo',
        budget_optimization: 'LINE_ITEM',
        reasons_not_servable: ['PAUSED_BY_ADVERTISER', 'INCOMPLETE'],
        servable: false,
        purchase_order_number: null,
        effective_status: 'UNKNOWN',
        daily_budget_amount_local_micro: 140000000,
        funding_instrument_id: fi,
        duration_in_days: null,
        standard_delivery: null,
        total_budget_amount_local_micro: null,
        id: null,
        entity_status: 'PAUSED',
        frequency_cap: null,
        currency: 'EUR',
        created_at: null,
        updated_at: null,
        deleted: false,
      },
    );
    assert.match(c.id, /^[0-9a-z]+$/);
    assert.deepEqual(res.body.request.params, {
      account_id: account,
      funding_instrument_id: fi,
      name: 'demo',
      daily_budget_amount_local_micro: 140000000,
      entity_status: 'PAUSED',
    });
    const got = await adsCall(s, alice, 'GET', `${path()}/${c.id}`, {}, { version: '12' });
    assert.deepEqual(got.body.data, c);
    assert.deepEqual(got.body.request.params, { account_id: account, campaign_id: c.id });

    const [entry, ...more] = await history(c.id);
    assert.equal(more.length, 0);
    assert.equal(entry!.change_type, 'CREATE');
    assert.equal(entry!.user_id, alice.id);
    const snapshot = JSON.parse(entry!.entity_data);
    assert.deepEqual(Object.keys(snapshot), [
      'name',
      'start_time',
      'end_time',
      'purchase_order_number',
      'daily_budget_amount_local_micro',
      'total_budget_amount_local_micro',
      'duration_in_days',
      'standard_delivery',
      'entity_status',
      'frequency_cap',
      'created_at',
      'updated_at',
      'deleted',
    ]);
    assert.deepEqual(JSON.parse(entry!.changes).name, { old: null, new: 'demo' });
  });

  test('a form body (twurl) on /12/, names with spaces and punctuation; defaults ACTIVE and LINE_ITEM', async () => {
    const res = await create(
      { name: 'My camp: (1), a*b!', total_budget_amount_local_micro: 5000000, purchase_order_number: 'PO 42' },
      { form: true, version: '12' },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.name, 'My camp: (1), a*b!');
    assert.equal(res.body.data.entity_status, 'ACTIVE');
    assert.equal(res.body.data.budget_optimization, 'LINE_ITEM');
    assert.equal(res.body.data.purchase_order_number, 'PO 42');
    assert.deepEqual(res.body.data.reasons_not_servable, ['INCOMPLETE']);
  });

  test('CAMPAIGN budget optimisation: daily budget required, standard_delivery only there (default true)', async () => {
    const made = await create({ name: 'cbo', budget_optimization: 'CAMPAIGN', daily_budget_amount_local_micro: 10 });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.standard_delivery, true);
    const accelerated = await create({
      name: 'cbo fast',
      budget_optimization: 'CAMPAIGN',
      daily_budget_amount_local_micro: 10,
      standard_delivery: false,
    });
    assert.equal(accelerated.body.data.standard_delivery, false);
    assert.equal(accelerated.body.request.params.standard_delivery, false);
  });

  test('every create rule refused with its code and parameter; nothing stored', async () => {
    const before = await everything();
    const otherAccount = (await newAdsAccount(s, bob)).id;
    const foreignFi = await instrument(otherAccount);
    const deletedFi = await instrument(account);
    const sandbox = (await adsCall(s, alice, 'POST', 'accounts')).body.data[0].id;
    const sandboxFi = (
      await adsCall(s, alice, 'POST', `accounts/${sandbox}/funding_instruments`, {
        currency: 'USD',
        start_time: '2024-01-01',
        type: 'CREDIT_CARD',
      })
    ).body.data.id;
    await adsCall(s, alice, 'DELETE', `accounts/${sandbox}/funding_instruments/${sandboxFi}`);
    await s.deps.db.run('UPDATE ads_funding_instruments SET deleted = 1 WHERE id = ?', [deletedFi]);
    const long = 'x'.repeat(256);
    const cases: Array<[Params, Array<[string, string, RegExp?]>, number?]> = [
      [
        { funding_instrument_id: '' },
        [
          ['INVALID_PARAMETER', 'funding_instrument_id'],
          ['MISSING_PARAMETER', 'name', /^"name" is a required parameter$/],
        ],
      ],
      [{ name: long }, [['INVALID_PARAMETER', 'name', /^A maximum length of 255 is allowed for name/]]],
      [{ name: '   ' }, [['INVALID_PARAMETER', 'name']]],
      [{ name: 'x', funding_instrument_id: 'NOPE!' }, [['INVALID_PARAMETER', 'funding_instrument_id']]],
      [
        { name: 'x', funding_instrument_id: 'zzzzzz' },
        [['NOT_FOUND', 'funding_instrument_id', /^Funding Instrument zzzzzz was not found for Account /]],
        404,
      ],
      [{ name: 'x', funding_instrument_id: foreignFi }, [['NOT_FOUND', 'funding_instrument_id']], 404],
      [{ name: 'x', funding_instrument_id: deletedFi }, [['NOT_FOUND', 'funding_instrument_id']], 404],
      [{ name: 'x', funding_instrument_id: sandboxFi }, [['NOT_FOUND', 'funding_instrument_id']], 404],
      [
        { name: 'x', budget_optimization: 'SOMETHING' },
        [['INVALID_PARAMETER', 'budget_optimization', /^Expected a value in CAMPAIGN, LINE_ITEM, got "SOMETHING"/]],
      ],
      [{ name: 'x', entity_status: 'RUNNING' }, [['INVALID_PARAMETER', 'entity_status', /ACTIVE, DRAFT, PAUSED/]]],
      [{ name: 'x', purchase_order_number: 'p'.repeat(51) }, [['INVALID_PARAMETER', 'purchase_order_number']]],
      [{ name: 'x', daily_budget_amount_local_micro: 0 }, [['INVALID_PARAMETER', 'daily_budget_amount_local_micro']]],
      [
        { name: 'x', total_budget_amount_local_micro: '1.5' },
        [['INVALID_PARAMETER', 'total_budget_amount_local_micro']],
      ],
      [{ name: 'x', standard_delivery: 'yes' }, [['INVALID_PARAMETER', 'standard_delivery']]],
      [
        { name: 'x', daily_budget_amount_local_micro: 11, total_budget_amount_local_micro: 10 },
        [
          [
            'INVALID_PARAMETER',
            'daily_budget_amount_local_micro',
            /less than or equal to total_budget_amount_local_micro/,
          ],
        ],
      ],
      [
        { name: 'x', budget_optimization: 'CAMPAIGN' },
        [
          [
            'MISSING_PARAMETER',
            'daily_budget_amount_local_micro',
            /required parameter when budget_optimization is CAMPAIGN/,
          ],
        ],
      ],
      [
        { name: 'x', standard_delivery: true },
        [['INVALID_PARAMETER', 'standard_delivery', /only available when budget_optimization is CAMPAIGN/]],
      ],
      [
        { name: 'x', budget_optimization: 'CAMPAIGN', standard_delivery: false },
        [['MISSING_PARAMETER', 'daily_budget_amount_local_micro']],
      ],
    ];
    for (const [params, expected, status] of cases) {
      const res = await create(params);
      assert.equal(res.status, status ?? 400, JSON.stringify([params, res.body]));
      assert.deepEqual(
        res.body.errors.map((e: any) => [e.code, e.parameter]),
        expected.map(([code, parameter]) => [code, parameter]),
        JSON.stringify(params),
      );
      expected.forEach(([, , message], i) => message && assert.match(res.body.errors[i].message, message));
    }
    const bare = await adsCall(s, alice, 'POST', path(), {});
    assert.deepEqual(
      bare.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'funding_instrument_id'],
        ['MISSING_PARAMETER', 'name'],
      ],
    );
    assert.deepEqual(await everything(), before);
  });

  test('servable and its reasons follow the line items and the funding instrument', async () => {
    const ownFi = await instrument(account);
    const c = (await create({ name: 'served', funding_instrument_id: ownFi })).body.data;
    assert.deepEqual([c.servable, c.reasons_not_servable, c.effective_status], [false, ['INCOMPLETE'], 'UNKNOWN']);
    const get = async () => (await adsCall(s, alice, 'GET', `${path()}/${c.id}`)).body.data;

    const lineItem = await fixtureLineItem(s, account, c.id);
    assert.deepEqual([(await get()).servable, (await get()).effective_status], [true, 'RUNNING']);
    assert.deepEqual((await get()).reasons_not_servable, []);

    const paused = await adsCall(s, alice, 'PUT', `${path()}/${c.id}`, { entity_status: 'PAUSED' });
    assert.deepEqual(
      [paused.body.data.servable, paused.body.data.reasons_not_servable, paused.body.data.effective_status],
      [false, ['PAUSED_BY_ADVERTISER'], 'PAUSED'],
    );
    await adsCall(s, alice, 'PUT', `${path()}/${c.id}`, { entity_status: 'ACTIVE' });

    await s.deps.db.run('UPDATE ads_line_items SET end_time = ? WHERE id = ?', [Date.parse('2001-01-01'), lineItem]);
    assert.deepEqual((await get()).reasons_not_servable, ['EXPIRED']);
    await s.deps.db.run('UPDATE ads_line_items SET deleted = 1 WHERE id = ?', [lineItem]);
    assert.deepEqual((await get()).reasons_not_servable, ['INCOMPLETE']);
    await fixtureLineItem(s, account, c.id);

    await s.deps.db.run('UPDATE ads_funding_instruments SET deleted = 1 WHERE id = ?', [ownFi]);
    const unfunded = await get();
    assert.deepEqual([unfunded.servable, unfunded.reasons_not_servable], [false, ['FUNDING_PROBLEM']]);
  });

  test('list: every filter, drafts only with_draft, sorts both ways, a cursor walk, total count', async () => {
    const owner = await newAdvertiser(s);
    const acct = (await newAdsAccount(s, owner)).id;
    const [fiA, fiB] = [await instrument(acct), await instrument(acct)];
    const made: Record<string, string> = {};
    const specs: Array<[string, string, Params]> = [
      ['Spring sale', fiA, { daily_budget_amount_local_micro: 30 }],
      ['summer Sale', fiA, { daily_budget_amount_local_micro: 10 }],
      ['Autumn', fiB, {}],
      ['spring draft', fiB, { entity_status: 'DRAFT', daily_budget_amount_local_micro: 20 }],
      ['Winter', fiB, { entity_status: 'PAUSED', daily_budget_amount_local_micro: 40 }],
    ];
    for (const [name, fiId, extra] of specs) {
      const res = await create({ name, funding_instrument_id: fiId, ...extra }, { who: owner, accountId: acct });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      made[name] = res.body.data.id;
    }
    const list = (params: Params) => adsCall(s, owner, 'GET', path(acct), params);
    const names = async (params: Params) => {
      const res = await list(params);
      assert.equal(res.status, 200, JSON.stringify([params, res.body]));
      return res.body.data.map((c: any) => c.name);
    };

    assert.deepEqual(await names({}), ['Spring sale', 'summer Sale', 'Autumn', 'Winter']);
    assert.deepEqual(await names({ with_draft: 'True' }), [
      'Spring sale',
      'summer Sale',
      'Autumn',
      'spring draft',
      'Winter',
    ]);
    assert.deepEqual(await names({ q: 'SPRING', with_draft: true }), ['Spring sale', 'spring draft']);
    assert.deepEqual(await names({ q: 'sale' }), ['Spring sale', 'summer Sale']);
    assert.deepEqual(await names({ q: 'ale' }), []);
    assert.deepEqual(await names({ q: '%' }), []);
    assert.deepEqual(await names({ funding_instrument_ids: fiB, with_draft: true }), [
      'Autumn',
      'spring draft',
      'Winter',
    ]);
    const byIds = await list({
      campaign_ids: [made.Winter!, made['Spring sale']!],
      funding_instrument_ids: `${fiA},${fiB}`,
    });
    assert.deepEqual(
      byIds.body.data.map((c: any) => c.name),
      ['Spring sale', 'Winter'],
    );
    assert.deepEqual(byIds.body.request.params.campaign_ids, [made.Winter, made['Spring sale']]);
    assert.deepEqual(byIds.body.request.params.funding_instrument_ids, [fiA, fiB]);

    assert.deepEqual(await names({ sort_by: 'name-asc' }), ['Autumn', 'Spring sale', 'Winter', 'summer Sale'].sort());
    assert.deepEqual(await names({ sort_by: 'daily_budget_amount_local_micro-desc' }), [
      'Winter',
      'Spring sale',
      'summer Sale',
      'Autumn',
    ]);
    assert.deepEqual(await names({ sort_by: 'daily_budget_amount_local_micro-asc' }), [
      'Autumn',
      'summer Sale',
      'Spring sale',
      'Winter',
    ]);
    assert.deepEqual(await names({ sort_by: 'start_time-desc' }), ['Winter', 'Autumn', 'summer Sale', 'Spring sale']);
    assert.deepEqual((await list({ sort_by: 'standard_delivery-asc' })).status, 200);

    for (const sort_by of ['name-desc', 'daily_budget_amount_local_micro-asc', 'created_at-desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await list({ count: 2, sort_by, with_draft: true, ...(cursor ? { cursor } : {}) });
        assert.equal(page.status, 200);
        seen.push(...page.body.data.map((c: any) => c.name));
        cursor = page.body.next_cursor;
        assert.notEqual(cursor, '');
      } while (cursor);
      assert.deepEqual(seen, await names({ sort_by, with_draft: true }), sort_by);
    }
    const total = await list({ with_total_count: true, count: 1 });
    assert.equal(total.body.total_count, 4);
    assert.equal(total.body.data.length, 1);

    const bad = await list({ q: 'x'.repeat(256), sort_by: 'bid_amount_local_micro-asc', with_draft: 'maybe' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((e: any) => e.parameter).sort(), ['q', 'sort_by', 'with_draft']);
    const tooMany = await list({ campaign_ids: Array.from({ length: 201 }, (_, i) => `c${i}`) });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].parameter, 'campaign_ids');
    assert.equal((await adsCall(s, bob, 'GET', path(acct))).status, 404);
  });

  test('update: the optional set, ACTIVE/PAUSED only, merged budget rules; refused updates store nothing', async () => {
    const c = (await create({ name: 'to change', entity_status: 'DRAFT', daily_budget_amount_local_micro: 5 })).body
      .data;
    const put = (params: Params, o = {}) => adsCall(s, alice, 'PUT', `${path()}/${c.id}`, params, o);
    const ok = await put(
      { name: 'changed', total_budget_amount_local_micro: 50, entity_status: 'ACTIVE', purchase_order_number: 'PO-1' },
      { form: true },
    );
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(
      [ok.body.data.name, ok.body.data.total_budget_amount_local_micro, ok.body.data.entity_status],
      ['changed', 50, 'ACTIVE'],
    );
    assert.deepEqual(ok.body.request.params, {
      account_id: account,
      campaign_id: c.id,
      name: 'changed',
      total_budget_amount_local_micro: 50,
      entity_status: 'ACTIVE',
      purchase_order_number: 'PO-1',
    });
    const unset = await put({ purchase_order_number: '' }, { version: '12' });
    assert.equal(unset.body.data.purchase_order_number, null);

    const before = await everything();
    const cases: Array<[Params, Array<[string, string]>]> = [
      [{ entity_status: 'DRAFT' }, [['INVALID_PARAMETER', 'entity_status']]],
      [{ name: '' }, [['INVALID_PARAMETER', 'name']]],
      [{ total_budget_amount_local_micro: 4 }, [['INVALID_PARAMETER', 'total_budget_amount_local_micro']]],
      [{ daily_budget_amount_local_micro: 51 }, [['INVALID_PARAMETER', 'daily_budget_amount_local_micro']]],
      [{ standard_delivery: true }, [['INVALID_PARAMETER', 'standard_delivery']]],
      [{ budget_optimization: 'NONE' }, [['INVALID_PARAMETER', 'budget_optimization']]],
    ];
    for (const [params, expected] of cases) {
      const res = await put(params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.deepEqual(
        res.body.errors.map((e: any) => [e.code, e.parameter]),
        expected,
        JSON.stringify(params),
      );
    }
    // Under CAMPAIGN optimisation line items carry no daily budget (notes §8.2): switching is refused.
    await fixtureLineItem(s, account, c.id, { daily_budget_amount_local_micro: 3 });
    const switching = await put({ budget_optimization: 'CAMPAIGN' });
    assert.deepEqual(
      switching.body.errors.map((e: any) => [e.code, e.parameter]),
      [['INVALID_PARAMETER', 'budget_optimization']],
    );
    assert.deepEqual(await everything(), before);
    assert.equal((await adsCall(s, alice, 'PUT', `${path()}/nosuch`, { name: 'x' })).status, 404);

    const other = (await create({ name: 'switch', daily_budget_amount_local_micro: 5 })).body.data;
    const toCampaign = await adsCall(s, alice, 'PUT', `${path()}/${other.id}`, { budget_optimization: 'CAMPAIGN' });
    assert.equal(toCampaign.status, 200, JSON.stringify(toCampaign.body));
    assert.equal(toCampaign.body.data.standard_delivery, true);
    const back = await adsCall(s, alice, 'PUT', `${path()}/${other.id}`, { budget_optimization: 'LINE_ITEM' });
    assert.equal(back.body.data.standard_delivery, null);

    const changes = (await history(c.id)).map((h) => h.change_type);
    assert.deepEqual(changes, ['CREATE', 'UPDATE', 'UPDATE']);
    const first = JSON.parse((await history(c.id))[1]!.changes);
    assert.deepEqual(first.entity_status, { old: 'DRAFT', new: 'ACTIVE' });
  });

  test('PUT un-sets budgets and the purchase order number with an empty string (notes §1); POST refuses empties', async () => {
    const c = (
      await create({
        name: 'to clear',
        daily_budget_amount_local_micro: 5,
        total_budget_amount_local_micro: 50,
        purchase_order_number: 'PO-9',
      })
    ).body.data;
    const one = `${path()}/${c.id}`;
    const cleared = {
      daily_budget_amount_local_micro: '',
      total_budget_amount_local_micro: '',
      purchase_order_number: '',
    };
    const put = await adsCall(s, alice, 'PUT', one, cleared);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    for (const k of Object.keys(cleared)) assert.equal(put.body.data[k], null, k);
    assert.deepEqual(put.body.request.params, {
      account_id: account,
      campaign_id: c.id,
      daily_budget_amount_local_micro: null,
      total_budget_amount_local_micro: null,
      purchase_order_number: null,
    });
    const changes = JSON.parse((await history(c.id)).at(-1)!.changes);
    assert.deepEqual(changes.total_budget_amount_local_micro, { old: 50, new: null });

    // Under CAMPAIGN budget optimisation the daily budget is required and the total optional (notes §8.2).
    const cbo = (
      await create({
        name: 'cbo',
        budget_optimization: 'CAMPAIGN',
        daily_budget_amount_local_micro: 5,
        total_budget_amount_local_micro: 50,
      })
    ).body.data;
    const cboPath = `${path()}/${cbo.id}`;
    const before = await everything();
    const noDaily = await adsCall(s, alice, 'PUT', cboPath, { daily_budget_amount_local_micro: '' }, { form: true });
    assert.equal(noDaily.status, 400);
    assert.deepEqual(
      noDaily.body.errors.map((e: any) => [e.code, e.parameter]),
      [['MISSING_PARAMETER', 'daily_budget_amount_local_micro']],
    );
    // Values never null on a campaign are not un-set: an empty one is refused as a bad value.
    for (const param of ['name', 'budget_optimization', 'entity_status']) {
      const res = await adsCall(s, alice, 'PUT', cboPath, { [param]: '' });
      assert.equal(res.status, 400, param);
      assert.deepEqual([res.body.errors[0].code, res.body.errors[0].parameter], ['INVALID_PARAMETER', param]);
    }
    assert.deepEqual(await everything(), before);
    const noTotal = await adsCall(s, alice, 'PUT', cboPath, { total_budget_amount_local_micro: '' });
    assert.equal(noTotal.status, 200, JSON.stringify(noTotal.body));
    assert.deepEqual(
      [noTotal.body.data.daily_budget_amount_local_micro, noTotal.body.data.total_budget_amount_local_micro],
      [5, null],
    );

    // The batch's Update operations read the same way.
    const batch = await adsCall(
      s,
      alice,
      'POST',
      `batch/accounts/${account}/campaigns`,
      {},
      {
        json: [{ operation_type: 'Update', params: { campaign_id: c.id, purchase_order_number: 'PO-2' } }],
      },
    );
    assert.equal(batch.body.data[0].purchase_order_number, 'PO-2');
    const batchClear = await adsCall(
      s,
      alice,
      'POST',
      `batch/accounts/${account}/campaigns`,
      {},
      {
        json: [{ operation_type: 'Update', params: { campaign_id: c.id, purchase_order_number: '' } }],
      },
    );
    assert.equal(batchClear.status, 200, JSON.stringify(batchClear.body));
    assert.equal(batchClear.body.data[0].purchase_order_number, null);

    // POST: an empty budget is a bad number as before; an empty purchase order number was always none.
    const post = await create({ name: 'empty', daily_budget_amount_local_micro: '' });
    assert.equal(post.status, 400);
    assert.deepEqual(post.body.errors, [
      {
        code: 'INVALID_PARAMETER',
        message: 'Expected Long, got "" for daily_budget_amount_local_micro',
        parameter: 'daily_budget_amount_local_micro',
      },
    ]);
    const noPo = await create({ name: 'no po', purchase_order_number: '' });
    assert.equal(noPo.status, 200, JSON.stringify(noPo.body));
    assert.equal(noPo.body.data.purchase_order_number, null);
  });

  test('delete: deleted true, servable null; then 404, a repeat 404, found only with_deleted', async () => {
    const c = (await create({ name: 'short lived', entity_status: 'PAUSED' })).body.data;
    const gone = await adsCall(s, alice, 'DELETE', `${path()}/${c.id}`);
    assert.equal(gone.status, 200);
    assert.deepEqual(
      [gone.body.data.deleted, gone.body.data.servable, gone.body.data.reasons_not_servable],
      [true, null, []],
    );
    assert.deepEqual(gone.body.request.params, { account_id: account, campaign_id: c.id });
    const again = await adsCall(s, alice, 'DELETE', `${path()}/${c.id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(
      [again.body.errors[0].code, again.body.errors[0].parameter, again.body.errors[0].message],
      ['NOT_FOUND', 'campaign_id', `Campaign ${c.id} was not found for Account ${account}`],
    );
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${c.id}`)).status, 404);
    assert.equal((await adsCall(s, alice, 'PUT', `${path()}/${c.id}`, { name: 'back' })).status, 404);
    const withDeleted = await adsCall(s, alice, 'GET', `${path()}/${c.id}`, { with_deleted: true });
    assert.equal(withDeleted.body.data.deleted, true);
    const listed = async (params: Params) =>
      (await adsCall(s, alice, 'GET', path(), { ...params, count: 1000 })).body.data.some((x: any) => x.id === c.id);
    assert.equal(await listed({}), false);
    assert.equal(await listed({ with_deleted: true }), true);
    assert.deepEqual(
      (await history(c.id)).map((h) => h.change_type),
      ['CREATE', 'DELETE'],
    );
    assert.equal((await adsCall(s, bob, 'DELETE', `${path()}/${c.id}`)).status, 404);
  });

  test('batch: Create, Update and Delete in one request, answered in input order with the request array', async () => {
    const existing = (await create({ name: 'batch target' })).body.data;
    const doomed = (await create({ name: 'batch doomed' })).body.data;
    const ops = [
      {
        operation_type: 'Create',
        params: {
          name: 'batch campaigns',
          funding_instrument_id: fi,
          daily_budget_amount_local_micro: 140000000,
          entity_status: 'PAUSED',
          budget_optimization: 'LINE_ITEM',
        },
      },
      {
        operation_type: 'Update',
        params: { campaign_id: existing.id, name: 'batch renamed', standard_delivery: null },
      },
      { operation_type: 'Delete', params: { campaign_id: doomed.id } },
      { operation_type: 'Create', params: { name: 'batch two', funding_instrument_id: fi } },
    ];
    const res = await adsCall(s, alice, 'POST', `batch/${path()}`, {}, { json: ops, version: '12' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((c: any) => [c.name, c.deleted]),
      [
        ['batch campaigns', false],
        ['batch renamed', false],
        ['batch doomed', true],
        ['batch two', false],
      ],
    );
    assert.deepEqual(Object.keys(res.body.data[0]), FIELDS);
    assert.deepEqual(res.body.request, [
      {
        params: {
          funding_instrument_id: fi,
          name: 'batch campaigns',
          budget_optimization: 'LINE_ITEM',
          daily_budget_amount_local_micro: 140000000,
          entity_status: 'PAUSED',
          account_id: account,
        },
        operation_type: 'Create',
      },
      { params: { campaign_id: existing.id, name: 'batch renamed', account_id: account }, operation_type: 'Update' },
      { params: { campaign_id: doomed.id, account_id: account }, operation_type: 'Delete' },
      { params: { funding_instrument_id: fi, name: 'batch two', account_id: account }, operation_type: 'Create' },
    ]);
    assert.equal(res.body.next_cursor, undefined);
    assert.deepEqual(
      (await history(res.body.data[0].id)).map((h) => h.change_type),
      ['CREATE'],
    );
    assert.deepEqual(
      (await history(doomed.id)).map((h) => h.change_type),
      ['CREATE', 'DELETE'],
    );
  });

  test('batch: one bad operation refuses all; operation_errors parallel to the input, errors for SDKs', async () => {
    const target = (await create({ name: 'untouched' })).body.data;
    const before = await everything();
    const ops = [
      { operation_type: 'Create', params: { name: 'would be fine', funding_instrument_id: fi } },
      { operation_type: 'Create', params: { funding_instrument_id: fi } },
      { operation_type: 'Update', params: { campaign_id: target.id, name: 'renamed' } },
      { operation_type: 'Delete', params: { campaign_id: 'nosuch' } },
      { operation_type: 'Upsert', params: {} },
      { params: { name: 'x' } },
      { operation_type: 'Create', params: { name: { first: 'x' }, funding_instrument_id: fi } },
      {
        operation_type: 'Update',
        params: { campaign_id: target.id, daily_budget_amount_local_micro: 9, total_budget_amount_local_micro: 1 },
      },
    ];
    const res = await adsCall(s, alice, 'POST', `batch/${path()}`, {}, { json: ops });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.data, undefined);
    const codes = (list: any[]) => list.map((e: any) => [e.code, e.parameter]);
    assert.deepEqual(res.body.operation_errors.map(codes), [
      [],
      [['MISSING_PARAMETER', 'name']],
      [],
      [['NOT_FOUND', 'campaign_id']],
      [['INVALID_PARAMETER', 'operation_type']],
      [['MISSING_PARAMETER', 'operation_type']],
      [['INVALID_PARAMETER', 'name']],
      [['INVALID_PARAMETER', 'daily_budget_amount_local_micro']],
    ]);
    assert.deepEqual(
      codes(res.body.errors),
      res.body.operation_errors.flat().map((e: any) => [e.code, e.parameter]),
    );
    assert.match(res.body.operation_errors[4][0].message, /^Expected a value in Create, Update, Delete, got "Upsert"/);
    assert.equal(res.body.request.length, ops.length);
    assert.deepEqual(res.body.request[1], {
      params: { funding_instrument_id: fi, account_id: account },
      operation_type: 'Create',
    });
    assert.deepEqual(await everything(), before);
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${target.id}`)).body.data.name, 'untouched');
  });

  test('batch: request-level errors (too many, not an array, bad JSON, not JSON) under errors alone', async () => {
    const before = await everything();
    const op = { operation_type: 'Create', params: { name: 'n', funding_instrument_id: fi } };
    const tooMany = await adsCall(s, alice, 'POST', `batch/${path()}`, {}, { json: Array(41).fill(op) });
    assert.equal(tooMany.status, 400);
    assert.deepEqual(tooMany.body.errors, [
      { code: 'INVALID_PARAMETER', message: 'A maximum of 40 items may be provided for body', parameter: 'body' },
    ]);
    assert.equal(tooMany.body.operation_errors, undefined);
    assert.deepEqual(tooMany.body.request, { params: { account_id: account } });
    for (const json of [{ operation_type: 'Create' }, [], 'Create']) {
      const res = await adsCall(s, alice, 'POST', `batch/${path()}`, {}, { json });
      assert.equal(res.status, 400, JSON.stringify(json));
      assert.equal(res.body.errors[0].parameter, 'body');
      assert.equal(res.body.operation_errors, undefined);
    }
    const badJson = await adsCall(
      s,
      alice,
      'POST',
      `batch/${path()}`,
      {},
      {
        headers: { 'content-type': 'application/json' },
        json: undefined,
      },
    );
    assert.equal(badJson.status, 400);
    const broken = await fetchSigned('[{"operation_type": "Create",');
    assert.equal(broken.status, 400);
    assert.equal(broken.body.errors[0].code, 'INVALID_PARAMETER');
    const asForm = await adsCall(s, alice, 'POST', `batch/${path()}`, { name: 'x' }, { form: true });
    assert.equal(asForm.status, 400);
    assert.equal(asForm.body.errors[0].parameter, 'Content-Type');
    assert.deepEqual(await everything(), before);
  });

  /** A JSON batch whose body is not valid JSON (adsCall only sends what it can stringify). */
  async function fetchSigned(body: string) {
    const { signRequest } = await import('../../src/auth/index.js');
    const url = `${s.url}/11/batch/${path()}`;
    const authorization = signRequest({
      method: 'POST',
      url,
      consumerKey: alice.consumerKey,
      consumerSecret: alice.consumerSecret,
      token: alice.token,
      tokenSecret: alice.tokenSecret,
      timestamp: Math.floor(s.deps.clock.now() / 1000),
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  test('200 active campaigns per account: TOO_MANY_CAMPAIGNS on create, activation and batch', async () => {
    const owner = await newAdvertiser(s);
    const acct = (await newAdsAccount(s, owner)).id;
    const fiId = await instrument(acct);
    const batch = (n: number, entity_status = 'ACTIVE') =>
      adsCall(
        s,
        owner,
        'POST',
        `batch/${path(acct)}`,
        {},
        {
          json: Array.from({ length: n }, (_, i) => ({
            operation_type: 'Create',
            params: { name: `c${i}`, funding_instrument_id: fiId, entity_status },
          })),
        },
      );
    for (let i = 0; i < 5; i++) assert.equal((await batch(40)).status, 200);
    const one = (params: Params) => adsCall(s, owner, 'POST', path(acct), { funding_instrument_id: fiId, ...params });
    const refused = await one({ name: 'one too many' });
    assert.equal(refused.status, 400);
    assert.deepEqual(
      [refused.body.errors[0].code, refused.body.errors[0].parameter],
      ['TOO_MANY_CAMPAIGNS', 'entity_status'],
    );
    const paused = await one({ name: 'paused is fine', entity_status: 'PAUSED' });
    assert.equal(paused.status, 200);
    assert.equal((await one({ name: 'draft is fine', entity_status: 'DRAFT' })).status, 200);
    const activate = await adsCall(s, owner, 'PUT', `${path(acct)}/${paused.body.data.id}`, {
      entity_status: 'ACTIVE',
    });
    assert.equal(activate.body.errors[0].code, 'TOO_MANY_CAMPAIGNS');
    const overBatch = await batch(1);
    assert.equal(overBatch.status, 400);
    assert.equal(overBatch.body.operation_errors[0][0].code, 'TOO_MANY_CAMPAIGNS');
    assert.equal((await batch(2, 'PAUSED')).status, 200);

    const total = await adsCall(s, owner, 'GET', path(acct), { with_total_count: true, with_draft: true, count: 1 });
    assert.equal(total.body.total_count, 204);
    const first = (await adsCall(s, owner, 'GET', path(acct), { count: 1 })).body.data[0];
    await adsCall(s, owner, 'DELETE', `${path(acct)}/${first.id}`);
    assert.equal((await one({ name: 'room again' })).status, 200);
  });

  test('the npm twitter-ads client creates, reads and lists campaigns', async () => {
    const client = npmAds(s, alice);
    const made = await client.post('accounts/:account_id/campaigns', {
      account_id: account,
      funding_instrument_id: fi,
      name: 'npm campaign',
      daily_budget_amount_local_micro: 1000000,
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.equal(made.body.data.name, 'npm campaign');
    const list = await client.get('accounts/:account_id/campaigns', {
      account_id: account,
      campaign_ids: made.body.data.id,
    });
    assert.deepEqual(
      list.body.data.map((c: any) => c.id),
      [made.body.data.id],
    );
    const refused = await client.post('accounts/:account_id/campaigns', { account_id: account, name: 'no fi' });
    assert.ok(refused.error);
    assert.equal(refused.status, 400);
  });
});
