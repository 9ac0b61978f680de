import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../../../shared/problems.js';
import {
  checkRoom,
  checkSameAsSiblings,
  resolveCreate,
  resolveUpdate,
  type LineItemChanges,
  type NewLineItem,
  type Parent,
} from './line-items.rules.js';

const PARENT: Parent = { budgetOptimization: 'LINE_ITEM', advertiserUserId: '12' };
const BASE: NewLineItem = { objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: ['ALL_ON_TWITTER'] };

/** The one Ads error `fn` throws: code and parameter, and the message. */
function refusal(fn: () => unknown): { code: string; parameter: string; message: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Problem, String(e));
    const ads = e.legacy.ads!;
    return { code: ads.code, parameter: ads.parameter ?? '', message: ads.message };
  }
  assert.fail('expected a refusal');
}

function refused(fn: () => unknown, code: string, parameter: string, message?: RegExp) {
  const r = refusal(fn);
  assert.deepEqual([r.code, r.parameter], [code, parameter], r.message);
  if (message) assert.match(r.message, message);
}

const create = (over: Partial<NewLineItem>, parent: Parent = PARENT) => resolveCreate({ ...BASE, ...over }, parent);

test('defaults depend on the objective: the docs example ENGAGEMENTS with a bid', () => {
  const s = create({ bid_amount_local_micro: 3_210_000, entity_status: 'PAUSED' });
  assert.equal(s.goal, 'ENGAGEMENT');
  assert.equal(s.bid_strategy, 'MAX');
  assert.equal(s.pay_by, 'ENGAGEMENT');
  assert.equal(s.standard_delivery, true);
  assert.equal(s.advertiser_user_id, '12');
  assert.equal(s.name, null);
  const auto = create({});
  assert.equal(auto.bid_strategy, 'AUTO');
  assert.equal(auto.bid_amount_local_micro, null);
  assert.equal(auto.entity_status, 'ACTIVE');
  assert.equal(create({}, { ...PARENT, budgetOptimization: 'CAMPAIGN' }).standard_delivery, null);
});

test('default goals and pay_by of each objective', () => {
  const cases: Array<[Partial<NewLineItem>, string, string]> = [
    [{ objective: 'APP_INSTALLS', ios_app_store_identifier: '333903271' }, 'APP_INSTALLS', 'IMPRESSION'],
    [{ objective: 'APP_ENGAGEMENTS', android_app_store_identifier: 'com.example.app' }, 'APP_CLICKS', 'APP_CLICK'],
    [{ objective: 'REACH' }, 'MAX_REACH', 'IMPRESSION'],
    [{ objective: 'FOLLOWERS' }, 'FOLLOWERS', 'IMPRESSION'],
    [{ objective: 'VIDEO_VIEWS' }, 'VIDEO_VIEW', 'IMPRESSION'],
    [{ objective: 'WEBSITE_CLICKS' }, 'LINK_CLICKS', 'IMPRESSION'],
    [
      { objective: 'PREROLL_VIEWS', product_type: 'MEDIA', categories: ['IAB3', 'IAB13', 'IAB21'] },
      'VIEW_3S_100PCT',
      'IMPRESSION',
    ],
  ];
  for (const [over, goal, payBy] of cases) {
    const s = create(over);
    assert.deepEqual([s.goal, s.pay_by], [goal, payBy], over.objective);
  }
  // With TARGET, LINK_CLICKS pays by LINK_CLICK ("IMPRESSION … is not supported when setting TARGET").
  const target = create({ objective: 'WEBSITE_CLICKS', bid_strategy: 'TARGET', bid_amount_local_micro: 1 });
  assert.equal(target.pay_by, 'LINK_CLICK');
  // REACH and FOLLOWERS with a bid default to TARGET (MAX is not available to them).
  assert.equal(create({ objective: 'REACH', bid_amount_local_micro: 5 }).bid_strategy, 'TARGET');
});

test('goal must belong to the objective', () => {
  refused(
    () => create({ goal: 'APP_PURCHASES' }),
    'INVALID_PARAMETER',
    'goal',
    /^Expected a value in ENGAGEMENT, got "APP_PURCHASES" for goal$/,
  );
  refused(() => create({ objective: 'REACH', goal: 'SITE_VISITS' }), 'INVALID_PARAMETER', 'goal');
  assert.equal(create({ objective: 'WEBSITE_CLICKS', goal: 'SITE_VISITS' }).goal, 'SITE_VISITS');
});

test('bid strategy: MAX not with REACH or FOLLOWERS, TARGET only with its objectives, the bid required and positive', () => {
  refused(
    () => create({ objective: 'REACH', bid_strategy: 'MAX', bid_amount_local_micro: 1 }),
    'INVALID_PARAMETER',
    'bid_strategy',
    /Expected a value in AUTO, TARGET, got "MAX"/,
  );
  refused(
    () => create({ objective: 'FOLLOWERS', bid_strategy: 'MAX', bid_amount_local_micro: 1 }),
    'INVALID_PARAMETER',
    'bid_strategy',
  );
  refused(
    () => create({ bid_strategy: 'TARGET', bid_amount_local_micro: 1 }),
    'INVALID_PARAMETER',
    'bid_strategy',
    /Expected a value in AUTO, MAX, got "TARGET"/,
  );
  assert.equal(
    create({ objective: 'FOLLOWERS', bid_strategy: 'TARGET', bid_amount_local_micro: 1 }).bid_strategy,
    'TARGET',
  );
  refused(() => create({ bid_strategy: 'MAX' }), 'MISSING_PARAMETER', 'bid_amount_local_micro');
  refused(() => create({ bid_amount_local_micro: 0 }), 'INVALID_PARAMETER', 'bid_amount_local_micro', /greater than 0/);
  refused(() => create({ bid_amount_local_micro: -5 }), 'INVALID_PARAMETER', 'bid_amount_local_micro');
  // AUTO ignores the bid.
  assert.equal(create({ bid_strategy: 'AUTO', bid_amount_local_micro: 7 }).bid_amount_local_micro, null);
});

test('pay_by within the goal’s values; changeable later only for APP_INSTALLS', () => {
  const app = { objective: 'APP_INSTALLS', ios_app_store_identifier: '1' } as const;
  assert.equal(create({ ...app, pay_by: 'APP_CLICK' }).pay_by, 'APP_CLICK');
  refused(
    () => create({ ...app, pay_by: 'LINK_CLICK' }),
    'INVALID_PARAMETER',
    'pay_by',
    /Expected a value in IMPRESSION, APP_CLICK, got "LINK_CLICK"/,
  );
  refused(() => create({ pay_by: 'IMPRESSION' }), 'INVALID_PARAMETER', 'pay_by', /Expected a value in ENGAGEMENT/);
  refused(
    () =>
      create({ objective: 'WEBSITE_CLICKS', bid_strategy: 'TARGET', bid_amount_local_micro: 1, pay_by: 'IMPRESSION' }),
    'INVALID_PARAMETER',
    'pay_by',
  );
  const web = create({ objective: 'WEBSITE_CLICKS', pay_by: 'LINK_CLICK' });
  refused(
    () => resolveUpdate(web, { pay_by: 'IMPRESSION' }, PARENT),
    'INVALID_PARAMETER',
    'pay_by',
    /only be modified for line items with objective APP_INSTALLS/,
  );
  assert.equal(resolveUpdate(web, { pay_by: 'LINK_CLICK' }, PARENT).pay_by, 'LINK_CLICK');
  const installs = create(app);
  assert.equal(resolveUpdate(installs, { pay_by: 'APP_CLICK' }, PARENT).pay_by, 'APP_CLICK');
});

test('frequency_cap only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS; duration_in_days 1, 7 or 30', () => {
  assert.equal(create({ frequency_cap: 5, duration_in_days: 7 }).frequency_cap, 5);
  refused(
    () => create({ objective: 'FOLLOWERS', frequency_cap: 5 }),
    'INVALID_PARAMETER',
    'frequency_cap',
    /not allowed for objective FOLLOWERS/,
  );
  refused(() => create({ frequency_cap: 0 }), 'INVALID_PARAMETER', 'frequency_cap');
  refused(
    () => create({ duration_in_days: 2 }),
    'INVALID_PARAMETER',
    'duration_in_days',
    /^Expected a value in 1, 7, 30, got "2" for duration_in_days$/,
  );
});

test('budgets: daily at most total; daily, total and standard_delivery only with LINE_ITEM optimization', () => {
  refused(
    () => create({ daily_budget_amount_local_micro: 10, total_budget_amount_local_micro: 5 }),
    'INVALID_PARAMETER',
    'daily_budget_amount_local_micro',
  );
  assert.equal(
    create({ daily_budget_amount_local_micro: 5, total_budget_amount_local_micro: 5 }).daily_budget_amount_local_micro,
    5,
  );
  const campaign: Parent = { ...PARENT, budgetOptimization: 'CAMPAIGN' };
  for (const over of [
    { daily_budget_amount_local_micro: 1 },
    { total_budget_amount_local_micro: 1 },
    { standard_delivery: false },
  ])
    refused(
      () => create(over, campaign),
      'INVALID_PARAMETER',
      Object.keys(over)[0]!,
      /budget_optimization is CAMPAIGN/,
    );
  refused(() => create({ total_budget_amount_local_micro: 0 }), 'INVALID_PARAMETER', 'total_budget_amount_local_micro');
  // Set on update, checked against what is already there.
  const s = create({ total_budget_amount_local_micro: 100 });
  refused(
    () => resolveUpdate(s, { daily_budget_amount_local_micro: 101 }, PARENT),
    'INVALID_PARAMETER',
    'daily_budget_amount_local_micro',
  );
});

test('placements: not only TWITTER_PROFILE; REACH needs the timeline', () => {
  refused(() => create({ placements: ['TWITTER_PROFILE'] }), 'INVALID_PLACEMENT_TYPE', 'placements');
  assert.ok(create({ placements: ['TWITTER_PROFILE', 'TWITTER_SEARCH'] }));
  refused(() => create({ objective: 'REACH', placements: ['TWITTER_SEARCH'] }), 'INVALID_PLACEMENT_TYPE', 'placements');
  assert.ok(create({ objective: 'REACH', placements: ['TWITTER_TIMELINE', 'TWITTER_SEARCH'] }));
});

test('PUBLISHER_NETWORK needs advertiser_domain and categories (the real message)', () => {
  const pn = { placements: ['PUBLISHER_NETWORK'] };
  refused(() => create({ ...pn, categories: ['IAB1'] }), 'MISSING_PARAMETER', 'advertiser_domain');
  refused(
    () => create({ ...pn, advertiser_domain: 'example.com' }),
    'INVALID_PARAMETER',
    'categories',
    /^A minimum of 1 items must be provided for categories$/,
  );
  const ok = create({ ...pn, advertiser_domain: 'example.com', categories: ['IAB1', 'IAB19-6'] });
  refused(
    () => resolveUpdate(ok, { categories: [] }, PARENT),
    'INVALID_PARAMETER',
    'categories',
    /A minimum of 1 items/,
  );
  refused(() => create({ categories: ['IAB99'] }), 'INVALID_IAB_CATEGORY', 'categories');
});

test('PREROLL_VIEWS: product_type MEDIA and the whole IAB set of one or two business categories', () => {
  const pre = { objective: 'PREROLL_VIEWS', product_type: 'MEDIA' };
  refused(
    () => create({ ...pre, product_type: 'PROMOTED_TWEETS', categories: ['IAB7'] }),
    'INVALID_PARAMETER',
    'product_type',
    /Expected a value in MEDIA/,
  );
  refused(() => create(pre), 'INVALID_PARAMETER', 'categories', /A minimum of 1 items/);
  assert.deepEqual(create({ ...pre, categories: ['IAB7', 'IAB2'] }).categories, ['IAB7', 'IAB2']);
  refused(
    () => create({ ...pre, categories: ['IAB7', 'IAB2', 'IAB20'] }),
    'INVALID_PARAMETER',
    'categories',
    /maximum of 2/,
  );
  refused(
    () => create({ ...pre, categories: ['IAB3'] }),
    'INVALID_PARAMETER',
    'categories',
    /entire set of iab_categories of advertiser business category 1jp/,
  );
  refused(
    () => create({ ...pre, categories: ['IAB1'] }),
    'INVALID_PARAMETER',
    'categories',
    /IAB1 is in no advertiser business category/,
  );
});

test('app ids for app objectives, the web event tag for WEBSITE_CONVERSIONS, advertiser_user_id for PREROLL_VIEWS', () => {
  refused(
    () => create({ objective: 'APP_INSTALLS' }),
    'MISSING_PARAMETER',
    'android_app_store_identifier',
    /android_app_store_identifier or ios_app_store_identifier/,
  );
  refused(() => create({ objective: 'APP_ENGAGEMENTS' }), 'MISSING_PARAMETER', 'android_app_store_identifier');
  refused(
    () => create({ objective: 'WEBSITE_CLICKS', goal: 'WEBSITE_CONVERSIONS' }),
    'MISSING_PARAMETER',
    'primary_web_event_tag',
  );
  assert.ok(create({ objective: 'WEBSITE_CLICKS', goal: 'WEBSITE_CONVERSIONS', primary_web_event_tag: 'o3bk5' }));
  refused(
    () => create({ advertiser_user_id: '99' }),
    'INVALID_PARAMETER',
    'advertiser_user_id',
    /^setting advertiser_user_id is not allowed$/,
  );
  assert.equal(create({ advertiser_user_id: '12' }).advertiser_user_id, '12');
  const pre = { objective: 'PREROLL_VIEWS', product_type: 'MEDIA', categories: ['IAB7'] };
  assert.equal(create({ ...pre, advertiser_user_id: '99' }).advertiser_user_id, '99');
});

test('times: end after start', () => {
  refused(() => create({ start_time: 2000, end_time: 1000 }), 'INVALID_PARAMETER', 'end_time');
  const s = create({ start_time: 1000 });
  refused(() => resolveUpdate(s, { end_time: 1000 }, PARENT), 'INVALID_PARAMETER', 'end_time');
});

test('entity_status: a draft becomes ACTIVE or PAUSED, nothing becomes a draft again', () => {
  const draft = create({ entity_status: 'DRAFT' });
  assert.equal(resolveUpdate(draft, { entity_status: 'ACTIVE' }, PARENT).entity_status, 'ACTIVE');
  const active = create({});
  refused(() => resolveUpdate(active, { entity_status: 'DRAFT' }, PARENT), 'INVALID_PARAMETER', 'entity_status');
  assert.equal(resolveUpdate(active, { entity_status: 'PAUSED' }, PARENT).entity_status, 'PAUSED');
});

test('update: TARGET per PUT’s list; switching to MAX needs a bid; goal change re-derives pay_by', () => {
  const follow = create({ objective: 'FOLLOWERS' });
  refused(
    () => resolveUpdate(follow, { bid_strategy: 'TARGET', bid_amount_local_micro: 1 }, PARENT),
    'INVALID_PARAMETER',
    'bid_strategy',
  );
  const auto = create({});
  refused(() => resolveUpdate(auto, { bid_strategy: 'MAX' }, PARENT), 'MISSING_PARAMETER', 'bid_amount_local_micro');
  const max = resolveUpdate(auto, { bid_strategy: 'MAX', bid_amount_local_micro: 9 } as LineItemChanges, PARENT);
  assert.deepEqual([max.bid_strategy, max.bid_amount_local_micro], ['MAX', 9]);
  const web = create({ objective: 'WEBSITE_CLICKS', pay_by: 'LINK_CLICK' });
  assert.equal(resolveUpdate(web, { goal: 'SITE_VISITS' }, PARENT).pay_by, 'IMPRESSION');
});

test('a campaign’s line items share objective and product type; at most 100', () => {
  const sibling = { objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS' };
  refused(
    () => checkSameAsSiblings('c1', sibling, 'REACH', 'PROMOTED_TWEETS'),
    'INVALID_PARAMETER',
    'objective',
    /^Line items with different objectives are not allowed under the same campaign \(campaign_id=c1\)$/,
  );
  refused(() => checkSameAsSiblings('c1', sibling, 'ENGAGEMENTS', 'MEDIA'), 'INVALID_PARAMETER', 'product_type');
  checkSameAsSiblings('c1', undefined, 'REACH', 'MEDIA');
  checkRoom('c1', 99);
  refused(() => checkRoom('c1', 100), 'TOO_MANY_LINE_ITEMS', 'campaign_id');
});
