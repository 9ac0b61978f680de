// Ads API line items over HTTP, as the SDKs send them: create with the docs' example and every rule
// of the seed and notes §8.3 refused one by one (code, parameter, nothing stored), list with filters
// and cursors, update, delete twice, the batch (all or nothing, operation_errors, request echo), the
// account history, and the npm client. Parent campaigns come from test/support/ads-fixtures.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { fixtureCampaign, fixtureFundingInstrument } from '../support/ads-fixtures.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const V12_KEYS = [
  'advertiser_domain',
  'advertiser_user_id',
  'android_app_store_identifier',
  'automatic_tweet_promotion',
  'bid_amount_local_micro',
  'bid_strategy',
  'campaign_id',
  'categories',
  'created_at',
  'creative_source',
  'currency',
  'daily_budget_amount_local_micro',
  'deleted',
  'duration_in_days',
  'end_time',
  'entity_status',
  'frequency_cap',
  'goal',
  'id',
  'ios_app_store_identifier',
  'name',
  'objective',
  'pay_by',
  'placements',
  'primary_web_event_tag',
  'product_type',
  'standard_delivery',
  'start_time',
  'target_cpa_local_micro',
  'total_budget_amount_local_micro',
  'updated_at',
];

const ENGAGEMENTS = { objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER' };

forEachStore('Ads API: line items', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  let fi: string;
  let campaign: string;
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
    fi = await fixtureFundingInstrument(s, account.id);
    campaign = await fixtureCampaign(s, account.id, { funding_instrument_id: fi });
  });
  after(() => s.close());

  const path = (rest = '') => `accounts/${account.id}/line_items${rest}`;
  const create = (params: Params, o: { version?: string; form?: boolean } = {}) =>
    adsCall(s, alice, 'POST', path(), params, o);
  /** Every line item stored under the campaign, drafts and deleted ones included. */
  const storedIn = async (campaignId: string) =>
    (
      await adsCall(s, alice, 'GET', path(), {
        campaign_ids: campaignId,
        with_deleted: true,
        with_draft: true,
      })
    ).body.data as any[];

  test('POST with the docs’ example: the v12 object, defaults from the objective, the typed echo', async () => {
    const res = await create({
      campaign_id: campaign,
      ...ENGAGEMENTS,
      bid_amount_local_micro: 3210000,
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 1000000,
      start_time: '2022-06-15',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.request.params, {
      account_id: account.id,
      campaign_id: campaign,
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: ['ALL_ON_TWITTER'],
      bid_amount_local_micro: 3210000,
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 1000000,
      start_time: '2022-06-15T00:00:00Z',
    });
    assert.equal(res.body.next_cursor, undefined);
    const li = res.body.data;
    assert.deepEqual(Object.keys(li).sort(), V12_KEYS);
    assert.match(li.id, /^[0-9a-z]+$/);
    assert.equal(li.goal, 'ENGAGEMENT');
    assert.equal(li.bid_strategy, 'MAX');
    assert.equal(li.pay_by, 'ENGAGEMENT');
    assert.equal(li.start_time, '2022-06-15T00:00:00Z');
    assert.equal(li.end_time, null);
    assert.equal(li.name, null);
    assert.equal(li.standard_delivery, true);
    assert.equal(li.currency, 'USD');
    assert.equal(li.advertiser_user_id, alice.id);
    assert.deepEqual(li.categories, []);
    assert.equal(li.creative_source, 'MANUAL');
    assert.equal(li.deleted, false);
    assert.match(li.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const got = await adsCall(s, alice, 'GET', path(`/${li.id}`), {}, { version: '12' });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.request.params, { account_id: account.id, line_item_id: li.id });
    assert.deepEqual(got.body.data, { ...li, funding_instrument_id: fi });
  });

  test('a form body (twurl) on /12/ works the same; repeated keys and csv both list placements', async () => {
    const c = await fixtureCampaign(s, account.id);
    const form = await create(
      { campaign_id: c, ...ENGAGEMENTS, placements: 'TWITTER_TIMELINE,TWITTER_SEARCH', name: 'Form made' },
      { form: true, version: '12' },
    );
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.deepEqual(form.body.data.placements, ['TWITTER_TIMELINE', 'TWITTER_SEARCH']);
    assert.equal(form.body.data.name, 'Form made');
    const repeated = await create({
      campaign_id: c,
      ...ENGAGEMENTS,
      placements: ['TWITTER_TIMELINE', 'TWITTER_REPLIES'],
    });
    assert.deepEqual(repeated.body.data.placements, ['TWITTER_TIMELINE', 'TWITTER_REPLIES']);
  });

  test('currency is the campaign’s funding instrument’s, in every answer', async () => {
    const eur = await fixtureFundingInstrument(s, account.id, { currency: 'EUR' });
    const c = await fixtureCampaign(s, account.id, { funding_instrument_id: eur });
    const made = await create({ campaign_id: c, ...ENGAGEMENTS });
    assert.equal(made.body.data.currency, 'EUR');
    const got = await adsCall(s, alice, 'GET', path(`/${made.body.data.id}`));
    assert.deepEqual([got.body.data.currency, got.body.data.funding_instrument_id], ['EUR', eur]);
    const put = await adsCall(s, alice, 'PUT', path(`/${made.body.data.id}`), { name: 'Euro' });
    assert.equal(put.body.data.currency, 'EUR');
  });

  test('missing and malformed parameters: every one named at once, nothing stored', async () => {
    const none = await create({});
    assert.equal(none.status, 400);
    assert.deepEqual(
      none.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'campaign_id'],
        ['MISSING_PARAMETER', 'objective'],
        ['MISSING_PARAMETER', 'placements'],
        ['MISSING_PARAMETER', 'product_type'],
      ],
    );
    assert.equal(none.body.errors[0].message, '"campaign_id" is a required parameter');
    const c = await fixtureCampaign(s, account.id);
    const bad = await create({
      campaign_id: c,
      objective: 'SALES',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER,MOON',
      start_time: '',
      bid_amount_local_micro: 'lots',
    });
    assert.equal(bad.status, 400);
    const byParam = Object.fromEntries(bad.body.errors.map((e: any) => [e.parameter, e.message]));
    assert.match(byParam.objective, /^Expected a value in APP_ENGAGEMENTS, .*, got "SALES" for objective$/);
    assert.match(byParam.placements, /got "MOON" for placements$/);
    assert.equal(byParam.start_time, 'Expected time, got "" for start_time');
    assert.equal(byParam.bid_amount_local_micro, 'Expected Long, got "lots" for bid_amount_local_micro');
    assert.deepEqual(await storedIn(c), []);
  });

  test('the campaign must be this account’s and not deleted', async () => {
    const other = await newAdsAccount(s, alice);
    const foreign = await fixtureCampaign(s, other.id);
    const gone = await fixtureCampaign(s, account.id, { deleted: 1 });
    for (const id of [foreign, gone, 'zzzzzz']) {
      const res = await create({ campaign_id: id, ...ENGAGEMENTS });
      assert.equal(res.status, 404, id);
      assert.deepEqual(res.body.errors, [
        {
          code: 'NOT_FOUND',
          message: `Campaign ${id} was not found for Account ${account.id}`,
          parameter: 'campaign_id',
        },
      ]);
    }
    assert.deepEqual(await storedIn(foreign), []);
  });

  test('every rule of the line item table refused with its code and parameter; nothing stored', async () => {
    const lineItemBudgets = await fixtureCampaign(s, account.id);
    const campaignBudgets = await fixtureCampaign(s, account.id, { budget_optimization: 'CAMPAIGN' });
    const pn = { ...ENGAGEMENTS, placements: 'PUBLISHER_NETWORK' };
    const preroll = { objective: 'PREROLL_VIEWS', product_type: 'MEDIA', placements: 'ALL_ON_TWITTER' };
    const cases: Array<[string, Params, string, string, number?, string?]> = [
      ['goal of another objective', { ...ENGAGEMENTS, goal: 'LINK_CLICKS' }, 'INVALID_PARAMETER', 'goal'],
      [
        'MAX with REACH',
        { ...ENGAGEMENTS, objective: 'REACH', bid_strategy: 'MAX', bid_amount_local_micro: 5 },
        'INVALID_PARAMETER',
        'bid_strategy',
      ],
      [
        'MAX with FOLLOWERS',
        { ...ENGAGEMENTS, objective: 'FOLLOWERS', bid_strategy: 'MAX', bid_amount_local_micro: 5 },
        'INVALID_PARAMETER',
        'bid_strategy',
      ],
      [
        'TARGET with ENGAGEMENTS',
        { ...ENGAGEMENTS, bid_strategy: 'TARGET', bid_amount_local_micro: 5 },
        'INVALID_PARAMETER',
        'bid_strategy',
      ],
      ['MAX without a bid', { ...ENGAGEMENTS, bid_strategy: 'MAX' }, 'MISSING_PARAMETER', 'bid_amount_local_micro'],
      ['a bid of zero', { ...ENGAGEMENTS, bid_amount_local_micro: 0 }, 'INVALID_PARAMETER', 'bid_amount_local_micro'],
      ['pay_by outside the goal’s', { ...ENGAGEMENTS, pay_by: 'LINK_CLICK' }, 'INVALID_PARAMETER', 'pay_by'],
      [
        'IMPRESSION for LINK_CLICKS with TARGET',
        {
          ...ENGAGEMENTS,
          objective: 'WEBSITE_CLICKS',
          bid_strategy: 'TARGET',
          bid_amount_local_micro: 5,
          pay_by: 'IMPRESSION',
        },
        'INVALID_PARAMETER',
        'pay_by',
      ],
      [
        'frequency_cap for FOLLOWERS',
        { ...ENGAGEMENTS, objective: 'FOLLOWERS', frequency_cap: 3 },
        'INVALID_PARAMETER',
        'frequency_cap',
      ],
      [
        'duration_in_days 2',
        { ...ENGAGEMENTS, frequency_cap: 3, duration_in_days: 2 },
        'INVALID_PARAMETER',
        'duration_in_days',
      ],
      [
        'daily above total',
        { ...ENGAGEMENTS, daily_budget_amount_local_micro: 9, total_budget_amount_local_micro: 5 },
        'INVALID_PARAMETER',
        'daily_budget_amount_local_micro',
      ],
      [
        'daily under CAMPAIGN optimization',
        { ...ENGAGEMENTS, daily_budget_amount_local_micro: 9 },
        'INVALID_PARAMETER',
        'daily_budget_amount_local_micro',
        400,
        campaignBudgets,
      ],
      [
        'standard_delivery under CAMPAIGN optimization',
        { ...ENGAGEMENTS, standard_delivery: false },
        'INVALID_PARAMETER',
        'standard_delivery',
        400,
        campaignBudgets,
      ],
      [
        'PUBLISHER_NETWORK without advertiser_domain',
        { ...pn, categories: 'IAB1' },
        'MISSING_PARAMETER',
        'advertiser_domain',
      ],
      [
        'PUBLISHER_NETWORK without categories',
        { ...pn, advertiser_domain: 'example.com' },
        'INVALID_PARAMETER',
        'categories',
      ],
      [
        'a category that is not IAB',
        { ...ENGAGEMENTS, categories: 'SPORTS' },
        'INVALID_IAB_CATEGORY',
        'categories',
        404,
      ],
      [
        'advertiser_domain with a protocol',
        { ...pn, advertiser_domain: 'https://example.com', categories: 'IAB1' },
        'INVALID_PARAMETER',
        'advertiser_domain',
      ],
      [
        'APP_INSTALLS without an app',
        { ...ENGAGEMENTS, objective: 'APP_INSTALLS' },
        'MISSING_PARAMETER',
        'android_app_store_identifier',
      ],
      [
        'an iOS id that is not numeric',
        { ...ENGAGEMENTS, objective: 'APP_INSTALLS', ios_app_store_identifier: 'id333903271' },
        'INVALID_PARAMETER',
        'ios_app_store_identifier',
      ],
      [
        'PREROLL_VIEWS not MEDIA',
        { ...preroll, product_type: 'PROMOTED_TWEETS', categories: 'IAB7' },
        'INVALID_PARAMETER',
        'product_type',
      ],
      ['PREROLL_VIEWS without categories', preroll, 'INVALID_PARAMETER', 'categories'],
      [
        'PREROLL_VIEWS with part of a business category',
        { ...preroll, categories: 'IAB3,IAB13' },
        'INVALID_PARAMETER',
        'categories',
      ],
      [
        'PREROLL_VIEWS with three business categories',
        { ...preroll, categories: 'IAB7,IAB2,IAB20' },
        'INVALID_PARAMETER',
        'categories',
      ],
      [
        'WEBSITE_CONVERSIONS without a web event tag',
        { ...ENGAGEMENTS, objective: 'WEBSITE_CLICKS', goal: 'WEBSITE_CONVERSIONS' },
        'MISSING_PARAMETER',
        'primary_web_event_tag',
      ],
      [
        'only TWITTER_PROFILE',
        { ...ENGAGEMENTS, placements: 'TWITTER_PROFILE' },
        'INVALID_PLACEMENT_TYPE',
        'placements',
      ],
      [
        'REACH without the timeline',
        { ...ENGAGEMENTS, objective: 'REACH', placements: 'TWITTER_SEARCH' },
        'INVALID_PLACEMENT_TYPE',
        'placements',
      ],
      [
        'advertiser_user_id outside PREROLL_VIEWS',
        { ...ENGAGEMENTS, advertiser_user_id: '2244994945' },
        'INVALID_PARAMETER',
        'advertiser_user_id',
      ],
      [
        'end before start',
        { ...ENGAGEMENTS, start_time: '2030-01-02', end_time: '2030-01-01' },
        'INVALID_PARAMETER',
        'end_time',
      ],
      ['a name of 256 characters', { ...ENGAGEMENTS, name: 'n'.repeat(256) }, 'INVALID_PARAMETER', 'name'],
      ['an unknown entity_status', { ...ENGAGEMENTS, entity_status: 'RUNNING' }, 'INVALID_PARAMETER', 'entity_status'],
    ];
    for (const [why, params, code, parameter, status = 400, c = lineItemBudgets] of cases) {
      const res = await create({ campaign_id: c, ...params });
      assert.equal(res.status, status, `${why}: ${JSON.stringify(res.body)}`);
      assert.deepEqual([res.body.errors[0].code, res.body.errors[0].parameter], [code, parameter], why);
      assert.equal(typeof res.body.errors[0].message, 'string');
      assert.equal(res.body.request.params.account_id, account.id);
    }
    assert.deepEqual(await storedIn(lineItemBudgets), []);
    assert.deepEqual(await storedIn(campaignBudgets), []);
    const categories = await create({ campaign_id: lineItemBudgets, ...pn, advertiser_domain: 'example.com' });
    assert.equal(categories.body.errors[0].message, 'A minimum of 1 items must be provided for categories');
  });

  test('rules that pass: PREROLL_VIEWS with two business categories, app installs, publisher network', async () => {
    const made = await create({
      campaign_id: await fixtureCampaign(s, account.id),
      objective: 'PREROLL_VIEWS',
      product_type: 'MEDIA',
      placements: 'ALL_ON_TWITTER',
      categories: ['IAB3', 'IAB13', 'IAB21', 'IAB7'],
      advertiser_user_id: '783214',
      frequency_cap: 2,
      duration_in_days: 7,
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(made.body.data.categories, ['IAB3', 'IAB13', 'IAB21', 'IAB7']);
    assert.equal(made.body.data.advertiser_user_id, '783214');
    const app = await create({
      campaign_id: await fixtureCampaign(s, account.id),
      ...ENGAGEMENTS,
      objective: 'APP_INSTALLS',
      ios_app_store_identifier: '333903271',
      pay_by: 'APP_CLICK',
    });
    assert.equal(app.status, 200, JSON.stringify(app.body));
    assert.deepEqual([app.body.data.goal, app.body.data.pay_by], ['APP_INSTALLS', 'APP_CLICK']);
    const pn = await create({
      campaign_id: await fixtureCampaign(s, account.id),
      ...ENGAGEMENTS,
      placements: 'PUBLISHER_NETWORK',
      advertiser_domain: 'example.com',
      categories: 'IAB1,IAB19-6',
    });
    assert.equal(pn.status, 200, JSON.stringify(pn.body));
  });

  test('one objective and product type per campaign', async () => {
    const c = await fixtureCampaign(s, account.id);
    assert.equal((await create({ campaign_id: c, ...ENGAGEMENTS })).status, 200);
    const reach = await create({ campaign_id: c, ...ENGAGEMENTS, objective: 'REACH' });
    assert.equal(reach.status, 400);
    assert.deepEqual(reach.body.errors, [
      {
        code: 'INVALID_PARAMETER',
        message: `Line items with different objectives are not allowed under the same campaign (campaign_id=${c})`,
        parameter: 'objective',
      },
    ]);
    const media = await create({ campaign_id: c, ...ENGAGEMENTS, product_type: 'MEDIA' });
    assert.deepEqual([media.status, media.body.errors[0].parameter], [400, 'product_type']);
    assert.equal((await storedIn(c)).length, 1);
  });

  test('100 line items per campaign: the 101st is TOO_MANY_LINE_ITEMS', async () => {
    const c = await fixtureCampaign(s, account.id);
    const op = { operation_type: 'Create', params: { campaign_id: c, ...ENGAGEMENTS } };
    for (const n of [40, 40, 20]) {
      const res = await adsCall(
        s,
        alice,
        'POST',
        `batch/accounts/${account.id}/line_items`,
        {},
        { json: Array(n).fill(op) },
      );
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    }
    const more = await create({ campaign_id: c, ...ENGAGEMENTS });
    assert.equal(more.status, 400);
    assert.deepEqual([more.body.errors[0].code, more.body.errors[0].parameter], ['TOO_MANY_LINE_ITEMS', 'campaign_id']);
    assert.equal((await storedIn(c)).length, 100);
  });

  test('list: filters, drafts, sort, cursors, total count', async () => {
    const owner = await newAdvertiser(s);
    const acct = await newAdsAccount(s, owner);
    const fi2 = await fixtureFundingInstrument(s, acct.id);
    const c1 = await fixtureCampaign(s, acct.id);
    const c2 = await fixtureCampaign(s, acct.id, { funding_instrument_id: fi2 });
    const lp = `accounts/${acct.id}/line_items`;
    const make = async (c: string, extra: Params) =>
      (await adsCall(s, owner, 'POST', lp, { campaign_id: c, ...ENGAGEMENTS, ...extra })).body.data;
    const a = await make(c1, { name: 'Alpha one', bid_amount_local_micro: 300 });
    const b = await make(c1, { name: 'alpha two', bid_amount_local_micro: 100 });
    const d = await make(c2, { name: 'Beta', bid_amount_local_micro: 200 });
    const draft = await make(c2, { name: 'Draft', entity_status: 'DRAFT' });
    const list = (p: Params) => adsCall(s, owner, 'GET', lp, p);
    const ids = (res: any) => res.body.data.map((x: any) => x.id);

    assert.deepEqual(ids(await list({})), [a.id, b.id, d.id]);
    assert.deepEqual(ids(await list({ with_draft: true })), [a.id, b.id, d.id, draft.id]);
    assert.deepEqual(ids(await list({ campaign_ids: c2, with_draft: 'True' })), [d.id, draft.id]);
    assert.deepEqual(ids(await list({ funding_instrument_ids: fi2 })), [d.id]);
    assert.deepEqual(ids(await list({ line_item_ids: [b.id, d.id] })), [b.id, d.id]);
    assert.deepEqual(ids(await list({ q: 'ALPHA' })), [a.id, b.id]);
    assert.deepEqual(ids(await list({ sort_by: 'bid_amount_local_micro-desc' })), [a.id, d.id, b.id]);
    const one = await list({ line_item_ids: a.id });
    assert.equal(
      one.body.data[0].funding_instrument_id,
      (await list({ campaign_ids: c1 })).body.data[0].funding_instrument_id,
    );
    assert.deepEqual(one.body.request.params.line_item_ids, [a.id]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list({ count: 2, with_draft: true, ...(cursor ? { cursor } : {}) });
      assert.equal(page.status, 200);
      seen.push(...ids(page));
      cursor = page.body.next_cursor;
      assert.notEqual(cursor, '');
    } while (cursor);
    assert.deepEqual(seen, [a.id, b.id, d.id, draft.id]);
    const total = await list({ with_total_count: true, count: 1 });
    assert.equal(total.body.total_count, 3);
    assert.equal(typeof total.body.next_cursor, 'string');

    const tooMany = await list({ line_item_ids: Array.from({ length: 201 }, (_, i) => `x${i}`).join(',') });
    assert.deepEqual([tooMany.status, tooMany.body.errors[0].parameter], [400, 'line_item_ids']);
    const badSort = await list({ sort_by: 'name-asc' });
    assert.deepEqual([badSort.status, badSort.body.errors[0].parameter], [400, 'sort_by']);
    // Another user sees none of it.
    assert.equal((await adsCall(s, alice, 'GET', lp)).status, 404);
  });

  test('PUT changes what it is given; refused changes leave the line item as it was', async () => {
    const c = await fixtureCampaign(s, account.id);
    const li = (await create({ campaign_id: c, ...ENGAGEMENTS, bid_amount_local_micro: 500, entity_status: 'DRAFT' }))
      .body.data;
    const one = path(`/${li.id}`);
    const put = await adsCall(s, alice, 'PUT', one, {
      bid_amount_local_micro: 140000,
      name: 'Renamed',
      entity_status: 'ACTIVE',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(put.body.request.params, {
      account_id: account.id,
      line_item_id: li.id,
      bid_amount_local_micro: 140000,
      name: 'Renamed',
      entity_status: 'ACTIVE',
    });
    assert.equal(put.body.data.bid_amount_local_micro, 140000);
    assert.equal(put.body.data.name, 'Renamed');
    assert.equal(put.body.data.entity_status, 'ACTIVE');
    assert.equal(put.body.data.created_at, li.created_at);
    assert.equal(put.body.data.funding_instrument_id, undefined);

    const refusals: Array<[Params, string, string]> = [
      [{ entity_status: 'DRAFT' }, 'INVALID_PARAMETER', 'entity_status'],
      [{ pay_by: 'IMPRESSION' }, 'INVALID_PARAMETER', 'pay_by'],
      [{ bid_strategy: 'TARGET' }, 'INVALID_PARAMETER', 'bid_strategy'],
      [{ goal: 'MAX_REACH' }, 'INVALID_PARAMETER', 'goal'],
      [{ frequency_cap: 0 }, 'INVALID_PARAMETER', 'frequency_cap'],
      [{ advertiser_user_id: '783214' }, 'INVALID_PARAMETER', 'advertiser_user_id'],
      [
        { daily_budget_amount_local_micro: 20, total_budget_amount_local_micro: 10 },
        'INVALID_PARAMETER',
        'daily_budget_amount_local_micro',
      ],
    ];
    for (const [params, code, parameter] of refusals) {
      const res = await adsCall(s, alice, 'PUT', one, params, { form: true });
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.deepEqual([res.body.errors[0].code, res.body.errors[0].parameter], [code, parameter]);
    }
    const now = await adsCall(s, alice, 'GET', one);
    const { funding_instrument_id: _fi, ...unchanged } = now.body.data;
    assert.deepEqual(unchanged, put.body.data);

    const toAuto = await adsCall(s, alice, 'PUT', one, { bid_strategy: 'AUTO' }, { version: '12' });
    assert.deepEqual([toAuto.body.data.bid_strategy, toAuto.body.data.bid_amount_local_micro], ['AUTO', null]);
    const unknown = await adsCall(s, alice, 'PUT', path('/zzzzz'), { name: 'x' });
    assert.deepEqual(unknown.body.errors, [
      {
        code: 'NOT_FOUND',
        message: `Line Item zzzzz was not found for Account ${account.id}`,
        parameter: 'line_item_id',
      },
    ]);
  });

  test('PUT un-sets optional values with an empty string (notes §1), then the rules judge the result', async () => {
    const li = (
      await create({
        campaign_id: await fixtureCampaign(s, account.id),
        ...ENGAGEMENTS,
        name: 'full',
        bid_amount_local_micro: 500,
        start_time: '2030-01-01T00:00:00Z',
        end_time: '2030-02-01T00:00:00Z',
        daily_budget_amount_local_micro: 10,
        total_budget_amount_local_micro: 100,
        frequency_cap: 2,
        duration_in_days: 7,
        audience_expansion: 'BROAD',
      })
    ).body.data;
    assert.equal(li.bid_strategy, 'MAX');
    const one = path(`/${li.id}`);
    const cleared = {
      name: '',
      start_time: '',
      end_time: '',
      daily_budget_amount_local_micro: '',
      total_budget_amount_local_micro: '',
      frequency_cap: '',
      duration_in_days: '',
      audience_expansion: '',
    };
    const put = await adsCall(s, alice, 'PUT', one, cleared);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    // audience_expansion is stored, but is not a field of the v12 object (V12_KEYS).
    for (const k of Object.keys(cleared)) if (k !== 'audience_expansion') assert.equal(put.body.data[k], null, k);
    assert.deepEqual(put.body.request.params, {
      account_id: account.id,
      line_item_id: li.id,
      ...Object.fromEntries(Object.keys(cleared).map((k) => [k, null])),
    });
    assert.equal(put.body.data.bid_amount_local_micro, 500);
    assert.equal((await adsCall(s, alice, 'GET', one)).body.data.end_time, null);

    // The bid of a MAX line item is required: un-setting it is the rule's refusal, nothing stored.
    const before = (await adsCall(s, alice, 'GET', one)).body.data;
    const noBid = await adsCall(s, alice, 'PUT', one, { bid_amount_local_micro: '' }, { form: true });
    assert.equal(noBid.status, 400);
    assert.deepEqual(
      noBid.body.errors.map((e: any) => [e.code, e.parameter]),
      [['MISSING_PARAMETER', 'bid_amount_local_micro']],
    );
    // Values never null on the object are not un-set: an empty one is a bad value, as before.
    for (const [param, code] of [
      ['goal', 'INVALID_PARAMETER'],
      ['bid_strategy', 'INVALID_PARAMETER'],
      ['entity_status', 'INVALID_PARAMETER'],
      ['advertiser_user_id', 'INVALID_PARAMETER'],
    ] as const) {
      const res = await adsCall(s, alice, 'PUT', one, { [param]: '' });
      assert.equal(res.status, 400, param);
      assert.deepEqual([res.body.errors[0].code, res.body.errors[0].parameter], [code, param]);
    }
    assert.deepEqual((await adsCall(s, alice, 'GET', one)).body.data, before);
    // AUTO bidding has no bid: switching and un-setting it together is fine.
    const auto = await adsCall(s, alice, 'PUT', one, { bid_strategy: 'AUTO', bid_amount_local_micro: '' });
    assert.equal(auto.status, 200, JSON.stringify(auto.body));
    assert.deepEqual([auto.body.data.bid_strategy, auto.body.data.bid_amount_local_micro], ['AUTO', null]);

    // Values other rules require are refused when un-set, each naming its parameter.
    const required: Array<[Params, Params, string]> = [
      [
        { placements: 'PUBLISHER_NETWORK', advertiser_domain: 'example.com', categories: 'IAB1' },
        { advertiser_domain: '' },
        'advertiser_domain',
      ],
      [
        { objective: 'APP_INSTALLS', ios_app_store_identifier: '333903271', pay_by: 'APP_CLICK' },
        { ios_app_store_identifier: '' },
        'android_app_store_identifier',
      ],
      [
        { objective: 'WEBSITE_CLICKS', goal: 'WEBSITE_CONVERSIONS', primary_web_event_tag: 'tag1' },
        { primary_web_event_tag: '' },
        'primary_web_event_tag',
      ],
    ];
    for (const [made, change, parameter] of required) {
      const item = await create({ campaign_id: await fixtureCampaign(s, account.id), ...ENGAGEMENTS, ...made });
      assert.equal(item.status, 200, JSON.stringify(item.body));
      const res = await adsCall(s, alice, 'PUT', path(`/${item.body.data.id}`), change);
      assert.equal(res.status, 400, JSON.stringify(change));
      assert.deepEqual(
        res.body.errors.map((e: any) => [e.code, e.parameter]),
        [['MISSING_PARAMETER', parameter]],
      );
    }
    // With the other app store id given, one of them may go.
    const app = await create({
      campaign_id: await fixtureCampaign(s, account.id),
      ...ENGAGEMENTS,
      objective: 'APP_INSTALLS',
      ios_app_store_identifier: '333903271',
      android_app_store_identifier: 'com.example.app',
      pay_by: 'APP_CLICK',
    });
    const oneApp = await adsCall(s, alice, 'PUT', path(`/${app.body.data.id}`), { ios_app_store_identifier: '' });
    assert.equal(oneApp.status, 200, JSON.stringify(oneApp.body));
    assert.equal(oneApp.body.data.ios_app_store_identifier, null);

    // The batch reads its Update operations the same way.
    const batch = await adsCall(
      s,
      alice,
      'POST',
      `batch/accounts/${account.id}/line_items`,
      {},
      {
        json: [{ operation_type: 'Update', params: { line_item_id: li.id, frequency_cap: 3, end_time: '' } }],
      },
    );
    assert.equal(batch.status, 200, JSON.stringify(batch.body));
    assert.deepEqual([batch.body.data[0].frequency_cap, batch.body.data[0].end_time], [3, null]);
  });

  test('POST still refuses empty values: there is nothing to un-set', async () => {
    const c = await fixtureCampaign(s, account.id);
    const res = await create({ campaign_id: c, ...ENGAGEMENTS, end_time: '', bid_amount_local_micro: '', name: '' });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.errors.map((e: any) => [e.code, e.parameter, e.message]),
      [
        ['INVALID_PARAMETER', 'name', 'A minimum length of 1 is required for name, got ""'],
        ['INVALID_PARAMETER', 'bid_amount_local_micro', 'Expected Long, got "" for bid_amount_local_micro'],
        ['INVALID_PARAMETER', 'end_time', 'Expected time, got "" for end_time'],
      ],
    );
    assert.deepEqual(await storedIn(c), []);
  });

  test('DELETE answers deleted: true; a second DELETE, GET and PUT are 404; with_deleted shows it', async () => {
    const c = await fixtureCampaign(s, account.id);
    const li = (await create({ campaign_id: c, ...ENGAGEMENTS })).body.data;
    const one = path(`/${li.id}`);
    const del = await adsCall(s, alice, 'DELETE', one);
    assert.equal(del.status, 200);
    assert.equal(del.body.data.deleted, true);
    assert.deepEqual(del.body.request.params, { account_id: account.id, line_item_id: li.id });
    const again = await adsCall(s, alice, 'DELETE', one);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body.errors, [
      {
        code: 'NOT_FOUND',
        message: `Line Item ${li.id} was not found for Account ${account.id}`,
        parameter: 'line_item_id',
      },
    ]);
    assert.equal((await adsCall(s, alice, 'GET', one)).status, 404);
    assert.equal((await adsCall(s, alice, 'PUT', one, { name: 'x' })).status, 404);
    const shown = await adsCall(s, alice, 'GET', one, { with_deleted: true });
    assert.equal(shown.status, 200);
    assert.equal(shown.body.data.deleted, true);
    assert.deepEqual(
      (await adsCall(s, alice, 'GET', path(), { campaign_ids: c })).body.data,
      [],
      'hidden from lists without with_deleted',
    );
    assert.equal((await storedIn(c)).length, 1);
    // The campaign has room again: a deleted line item no longer fixes its objective.
    assert.equal((await create({ campaign_id: c, ...ENGAGEMENTS, objective: 'REACH' })).status, 200);
  });

  test('a list serves each line item exactly as GET does, after every kind of write and for rows from before their stored wire form', async () => {
    const c = await fixtureCampaign(s, account.id, { funding_instrument_id: fi });
    const made = await Promise.all(
      [1, 2, 3].map(
        async (n) => (await create({ ...ENGAGEMENTS, campaign_id: c, bid_amount_local_micro: n * 1000 })).body.data.id,
      ),
    );
    assert.equal(
      (await adsCall(s, alice, 'PUT', path(`/${made[0]}`), { name: 'renamed', entity_status: 'PAUSED' })).status,
      200,
    );
    assert.equal((await adsCall(s, alice, 'DELETE', path(`/${made[1]}`))).status, 200);
    // A row written before migration 0020 has no wire form: the list renders it from its columns.
    await s.deps.db.run('UPDATE ads_line_items SET wire = NULL WHERE id = ?', [made[2]]);
    const listed = await storedIn(c);
    assert.equal(listed.length, 3);
    for (const item of listed) {
      const one = await adsCall(s, alice, 'GET', path(`/${item.id}`), { with_deleted: true });
      assert.deepEqual(item, one.body.data, item.id);
    }
    assert.equal(listed.find((x) => x.id === made[0]).name, 'renamed');
    assert.equal(listed.find((x) => x.id === made[1]).deleted, true);
  });

  test('a wire form restored as bytes from a snapshot taken before migration 0038 is rendered from its columns', async () => {
    const c = await fixtureCampaign(s, account.id, { funding_instrument_id: fi });
    const id = (await create({ ...ENGAGEMENTS, campaign_id: c })).body.data.id;
    // Bytes stay a BLOB on SQLite; PostgreSQL's snapshot load writes bytea's hex text into the TEXT column.
    const bytes = Buffer.from(JSON.stringify({ stale: true }));
    const restored = s.deps.db.dialect === 'sqlite' ? bytes : `\\x${bytes.toString('hex')}`;
    await s.deps.db.run('UPDATE ads_line_items SET wire = ? WHERE id = ?', [restored, id]);
    const listed = await storedIn(c);
    assert.deepEqual(listed, [(await adsCall(s, alice, 'GET', path(`/${id}`))).body.data]);
  });

  test('names beyond ASCII: a listed page is whole and its Content-Length counts its bytes', async () => {
    const c = await fixtureCampaign(s, account.id, { funding_instrument_id: fi });
    const names = ['Café crème', 'キャンペーン 🐦', 'plain'];
    for (const name of names) assert.equal((await create({ ...ENGAGEMENTS, campaign_id: c, name })).status, 200);
    const page = await adsCall(s, alice, 'GET', path(), { campaign_ids: c });
    assert.deepEqual(page.body.data.map((x: { name: string }) => x.name).sort(), [...names].sort());
    assert.equal(Number(page.headers.get('content-length')), Buffer.byteLength(JSON.stringify(page.body)));
  });

  test('account history: LINE_ITEM entries for create, update and delete, in their transactions', async () => {
    const c = await fixtureCampaign(s, account.id);
    const li = (await create({ campaign_id: c, ...ENGAGEMENTS })).body.data;
    await adsCall(s, alice, 'PUT', path(`/${li.id}`), { name: 'Historic' });
    await adsCall(s, alice, 'PUT', path(`/${li.id}`), { entity_status: 'DRAFT' }); // refused: not recorded
    await adsCall(s, alice, 'DELETE', path(`/${li.id}`));
    const rows = await s.deps.db.all<{ change_type: string; changes: string; user_id: string; entity_data: string }>(
      "SELECT change_type, changes, user_id, entity_data FROM ads_history WHERE entity_type = 'LINE_ITEM' AND entity_id = ? ORDER BY change_time, id",
      [li.id],
    );
    assert.deepEqual(
      rows.map((r) => r.change_type),
      ['CREATE', 'UPDATE', 'DELETE'],
    );
    assert.ok(rows.every((r) => r.user_id === alice.id));
    assert.deepEqual(JSON.parse(rows[1]!.changes).name, { old: null, new: 'Historic' });
    assert.equal(JSON.parse(rows[2]!.entity_data).deleted, true);
  });

  test('batch: Create, Update and Delete in order with the request echoed; all or nothing', async () => {
    const c = await fixtureCampaign(s, account.id);
    const existing = (await create({ campaign_id: c, ...ENGAGEMENTS, name: 'Existing' })).body.data;
    const doomed = (await create({ campaign_id: c, ...ENGAGEMENTS, name: 'Doomed' })).body.data;
    const batchPath = `batch/accounts/${account.id}/line_items`;
    const ops = [
      { operation_type: 'Create', params: { campaign_id: c, ...ENGAGEMENTS, bid_amount_local_micro: 3210000 } },
      { operation_type: 'Update', params: { line_item_id: existing.id, name: 'Updated', placements: ['X'] } },
      { operation_type: 'Delete', params: { line_item_id: doomed.id } },
    ];
    const res = await adsCall(s, alice, 'POST', batchPath, {}, { json: ops, version: '12' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((x: any) => [x.name, x.deleted]),
      [
        [null, false],
        ['Updated', false],
        ['Doomed', true],
      ],
    );
    assert.equal(res.body.data[0].funding_instrument_id, res.body.data[1].funding_instrument_id);
    assert.deepEqual(res.body.request, [
      {
        params: {
          campaign_id: c,
          objective: 'ENGAGEMENTS',
          placements: ['ALL_ON_TWITTER'],
          product_type: 'PROMOTED_TWEETS',
          bid_amount_local_micro: 3210000,
          account_id: account.id,
        },
        operation_type: 'Create',
      },
      { params: { line_item_id: existing.id, name: 'Updated', account_id: account.id }, operation_type: 'Update' },
      { params: { line_item_id: doomed.id, account_id: account.id }, operation_type: 'Delete' },
    ]);

    const before = (await storedIn(c)).map((x) => [x.id, x.name, x.deleted]);
    const failing = [
      { operation_type: 'Create', params: { campaign_id: c, ...ENGAGEMENTS, name: 'Never' } },
      { operation_type: 'Update', params: { line_item_id: existing.id, name: 'Never either' } },
      {
        operation_type: 'Create',
        params: { campaign_id: c, ...ENGAGEMENTS, placements: 'PUBLISHER_NETWORK', advertiser_domain: 'x.com' },
      },
      { operation_type: 'Fold', params: {} },
      { operation_type: 'Delete', params: { line_item_id: doomed.id } },
      { operation_type: 'Update', params: { line_item_id: existing.id, name: { first: 'x' } } },
    ];
    const bad = await adsCall(s, alice, 'POST', batchPath, {}, { json: failing });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data, undefined);
    assert.deepEqual(
      bad.body.operation_errors.map((errs: any[]) => errs.map((e) => [e.code, e.parameter])),
      [
        [],
        [],
        [['INVALID_PARAMETER', 'categories']],
        [['INVALID_PARAMETER', 'operation_type']],
        [['NOT_FOUND', 'line_item_id']],
        [['INVALID_PARAMETER', 'name']],
      ],
    );
    assert.equal(bad.body.operation_errors[2][0].message, 'A minimum of 1 items must be provided for categories');
    assert.deepEqual(
      bad.body.errors.map((e: any) => e.parameter),
      ['categories', 'operation_type', 'line_item_id', 'name'],
    );
    assert.equal(bad.body.request.length, 6);
    assert.equal(bad.body.request[3].operation_type, 'Fold');
    assert.deepEqual(
      (await storedIn(c)).map((x) => [x.id, x.name, x.deleted]),
      before,
      'nothing of a failed batch is stored',
    );
  });

  test('batch request-level errors: not JSON, not an array, none, more than 40', async () => {
    const batchPath = `batch/accounts/${account.id}/line_items`;
    const op = { operation_type: 'Delete', params: { line_item_id: 'zzzz' } };
    for (const [json, message] of [
      [{ operation_type: 'Create' }, 'Expected a JSON array of {operation_type, params} for body'],
      [[], 'A minimum of 1 items must be provided for body'],
      [Array(41).fill(op), 'A maximum of 40 items may be provided for body'],
    ] as const) {
      const res = await adsCall(s, alice, 'POST', batchPath, {}, { json });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors, [{ code: 'INVALID_PARAMETER', message, parameter: 'body' }]);
      assert.equal(res.body.operation_errors, undefined);
    }
    const form = await adsCall(s, alice, 'POST', batchPath, { operation_type: 'Create' }, { form: true });
    assert.equal(form.status, 400);
    assert.equal(form.body.errors[0].parameter, 'Content-Type');
  });

  test('the npm twitter-ads client creates, reads and deletes a line item', async () => {
    const c = await fixtureCampaign(s, account.id);
    const T = npmAds(s, alice);
    const made = await T.post('accounts/:account_id/line_items', {
      account_id: account.id,
      campaign_id: c,
      objective: 'WEBSITE_CLICKS',
      product_type: 'PROMOTED_TWEETS',
      placements: ['TWITTER_TIMELINE', 'TWITTER_SEARCH'],
      bid_strategy: 'TARGET',
      bid_amount_local_micro: 1500000,
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.deepEqual([made.body.data.goal, made.body.data.pay_by], ['LINK_CLICKS', 'LINK_CLICK']);
    const id = made.body.data.id;
    const got = await T.get('accounts/:account_id/line_items/:line_item_id', {
      account_id: account.id,
      line_item_id: id,
    });
    assert.equal(got.body.data.id, id);
    const refused = await T.post('accounts/:account_id/line_items', { account_id: account.id, campaign_id: c });
    assert.ok(refused.error);
    assert.equal(refused.status, 400);
    assert.equal(
      (await T.delete('accounts/:account_id/line_items/:line_item_id', { account_id: account.id, line_item_id: id }))
        .error,
      null,
    );
  });
});
