// The rules of a line item, as plain throwing functions: the seed's line item parameter table
// (seed 001 "Line items") and notes §8.2/§8.3, read with the docs they cite (xdevplatform/docs
// x-ads-api/campaign-management/reference.mdx "Line Items", campaign-management.mdx "Placements").
// resolveCreate/resolveUpdate turn the parameters of a POST or PUT into the line item to store,
// filling the defaults that depend on the objective, or throw the first rule broken.
//
// The real messages of these checks are "not found" (notes §14) except where quoted: the wording here
// is Aviary's, in the patterns of notes §3.2 (`Expected a value in A, B, got "x" for p`,
// `setting advertiser_user_id is not allowed`, `A minimum of 1 items must be provided for categories`).
// One file past STYLE's ~400 lines on purpose: it is the whole line item table, read top to bottom.
import type { Problem } from '../../../shared/problems.js';
import { businessCategoryOfIab, type BusinessCategory } from '../categories/index.js';
import { adsError, invalid, missing } from '../kit/errors.js';

export const OBJECTIVES = [
  'APP_ENGAGEMENTS',
  'APP_INSTALLS',
  'REACH',
  'FOLLOWERS',
  'ENGAGEMENTS',
  'VIDEO_VIEWS',
  'PREROLL_VIEWS',
  'WEBSITE_CLICKS',
] as const;
export const PLACEMENTS = [
  'ALL_ON_TWITTER',
  'PUBLISHER_NETWORK',
  'TAP_BANNER',
  'TAP_FULL',
  'TAP_FULL_LANDSCAPE',
  'TAP_NATIVE',
  'TAP_MRECT',
  'TWITTER_PROFILE',
  'TWITTER_REPLIES',
  'TWITTER_SEARCH',
  'TWITTER_TIMELINE',
] as const;
export const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'] as const;
export const GOALS = [
  'APP_CLICKS',
  'APP_INSTALLS',
  'APP_PURCHASES',
  'ENGAGEMENT',
  'FOLLOWERS',
  'LINK_CLICKS',
  'MAX_REACH',
  'PREROLL',
  'PREROLL_STARTS',
  'REACH_WITH_ENGAGEMENT',
  'SITE_VISITS',
  'VIDEO_VIEW',
  'VIEW_3S_100PCT',
  'VIEW_6S',
  'VIEW_15S',
  'WEBSITE_CONVERSIONS',
] as const;
export const BID_STRATEGIES = ['AUTO', 'MAX', 'TARGET'] as const;
export const PAY_BY = ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'] as const;
export const AUDIENCE_EXPANSIONS = ['BROAD', 'DEFINED', 'EXPANDED'] as const;
/** POST takes DRAFT too; PUT only ACTIVE and PAUSED (seed "States and transitions"). */
export const CREATE_STATUSES = ['ACTIVE', 'DRAFT', 'PAUSED'] as const;
export const UPDATE_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const DURATIONS = [1, 7, 30] as const;
/** "There is a limit of 100 line items per campaign" (DOCS POST line_items). */
export const MAX_LINE_ITEMS_PER_CAMPAIGN = 100;

/** The line item as stored and checked (times epoch ms, amounts micros). */
export type LineItemState = {
  name: string | null;
  objective: string;
  product_type: string;
  placements: string[];
  goal: string;
  bid_strategy: string;
  bid_amount_local_micro: number | null;
  pay_by: string;
  start_time: number | null;
  end_time: number | null;
  entity_status: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  standard_delivery: boolean | null;
  categories: string[];
  audience_expansion: string | null;
  advertiser_user_id: string | null;
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  primary_web_event_tag: string | null;
};

/** What PUT may change (seed's table, plus standard_delivery of the docs): all optional. */
export type LineItemChanges = Partial<
  Omit<LineItemState, 'objective' | 'product_type' | 'placements' | 'standard_delivery'> & {
    standard_delivery: boolean;
  }
>;
/** What POST takes. */
export type NewLineItem = LineItemChanges & { objective: string; product_type: string; placements: string[] };

/** What the rules need of the parent campaign and the account. */
export type Parent = {
  /** The campaign's `budget_optimization` (notes §8.2). */
  budgetOptimization: string;
  /** The account's FULL promotable user: the line item's advertiser by default (DOCS examples). */
  advertiserUserId: string;
};

const expected = (param: string, allowed: readonly unknown[], got: unknown): Problem =>
  invalid(param, `Expected a value in ${allowed.join(', ')}, got ${JSON.stringify(String(got))} for ${param}`);

// ---- objective, goal, bid strategy, pay_by

/**
 * The goals of each objective, its default first. The docs say only "Default based on objective" and
 * name a few pairs (APP_PURCHASES for app installs; APP_CLICKS and APP_INSTALLS for app installs and
 * app engagements; SITE_VISITS only with WEBSITE_CLICKS; ENGAGEMENTS → ENGAGEMENT in the examples);
 * the rest is Aviary's reading of the goal names. PREROLL_VIEWS defaults to VIEW_3S_100PCT as the
 * docs' preroll guide example (its `bid_unit`) shows.
 */
export const GOALS_BY_OBJECTIVE: Record<string, readonly string[]> = {
  APP_ENGAGEMENTS: ['APP_CLICKS', 'APP_INSTALLS'],
  APP_INSTALLS: ['APP_INSTALLS', 'APP_CLICKS', 'APP_PURCHASES'],
  REACH: ['MAX_REACH', 'REACH_WITH_ENGAGEMENT'],
  FOLLOWERS: ['FOLLOWERS'],
  ENGAGEMENTS: ['ENGAGEMENT'],
  VIDEO_VIEWS: ['VIDEO_VIEW', 'VIEW_3S_100PCT', 'VIEW_6S', 'VIEW_15S'],
  PREROLL_VIEWS: ['VIEW_3S_100PCT', 'PREROLL', 'PREROLL_STARTS', 'VIEW_6S', 'VIEW_15S'],
  WEBSITE_CLICKS: ['LINK_CLICKS', 'SITE_VISITS', 'WEBSITE_CONVERSIONS'],
};

export function checkGoal(objective: string, goal: string): void {
  const goals = GOALS_BY_OBJECTIVE[objective]!;
  if (!goals.includes(goal)) throw expected('goal', goals, goal);
}

/**
 * MAX "is not available when the objective is set to REACH or FOLLOWERS"; TARGET "is available when
 * the objective is set to REACH, FOLLOWERS, or WEBSITE_CLICKS" says POST, "REACH or WEBSITE_CLICKS"
 * says PUT (and the seed's table). Each call keeps its own page's list (notes §8.3).
 */
const TARGET_OBJECTIVES = {
  create: ['REACH', 'FOLLOWERS', 'WEBSITE_CLICKS'],
  update: ['REACH', 'WEBSITE_CLICKS'],
} as const;

export function bidStrategiesOf(objective: string, op: 'create' | 'update'): string[] {
  const out = ['AUTO'];
  if (objective !== 'REACH' && objective !== 'FOLLOWERS') out.push('MAX');
  if ((TARGET_OBJECTIVES[op] as readonly string[]).includes(objective)) out.push('TARGET');
  return out;
}

export function checkBidStrategy(objective: string, strategy: string, op: 'create' | 'update'): void {
  const allowed = bidStrategiesOf(objective, op);
  if (!allowed.includes(strategy)) throw expected('bid_strategy', allowed, strategy);
}

/**
 * "Default based on objective": with a bid, MAX where the objective allows it, else TARGET (the
 * docs' example: ENGAGEMENTS with a bid → MAX); without one, AUTO.
 */
export function defaultBidStrategy(objective: string, hasBid: boolean): string {
  if (!hasBid) return 'AUTO';
  return bidStrategiesOf(objective, 'create').includes('MAX') ? 'MAX' : 'TARGET';
}

/**
 * The bid: "Required if bid_strategy is set to either MAX or TARGET. Only values greater than zero are
 * accepted"; "If set to AUTO, bid_amount_local_micro will be ignored" (DOCS).
 */
export function bidFor(strategy: string, bid: number | null): number | null {
  if (strategy === 'AUTO') return null;
  if (bid === null) throw missing('bid_amount_local_micro');
  checkPositive('bid_amount_local_micro', bid);
  return bid;
}

/**
 * The pay_by values each goal supports, its default first (DOCS pay_by): APP_INSTALLS → APP_CLICK or
 * IMPRESSION; LINK_CLICKS → LINK_CLICK or IMPRESSION, IMPRESSION "not supported when setting TARGET";
 * SITE_VISITS → IMPRESSION. ENGAGEMENT pays by ENGAGEMENT (the docs' examples; not a settable value).
 * APP_CLICKS pays by APP_CLICK (CPAC, DOCS "Objective Based Campaigns"); other goals by IMPRESSION
 * (Aviary's choice: their units are not documented).
 */
export function payByOptions(goal: string, strategy: string): readonly string[] {
  switch (goal) {
    case 'APP_INSTALLS':
      return ['IMPRESSION', 'APP_CLICK'];
    case 'LINK_CLICKS':
      return strategy === 'TARGET' ? ['LINK_CLICK'] : ['IMPRESSION', 'LINK_CLICK'];
    case 'ENGAGEMENT':
      return ['ENGAGEMENT'];
    case 'APP_CLICKS':
      return ['APP_CLICK'];
    default:
      return ['IMPRESSION'];
  }
}

export function checkPayBy(goal: string, strategy: string, payBy: string): void {
  const options = payByOptions(goal, strategy);
  if (!options.includes(payBy)) throw expected('pay_by', options, payBy);
}

/** "This setting can only be modified for line items using the APP_INSTALLS objective" (DOCS PUT). */
export function checkPayByChange(objective: string, from: string, to: string | undefined): void {
  if (to !== undefined && to !== from && objective !== 'APP_INSTALLS')
    throw invalid('pay_by', `pay_by can only be modified for line items with objective APP_INSTALLS`);
}

// ---- placements, product type, categories

/**
 * "It is not possible to specify only TWITTER_PROFILE placement"; "The REACH objective must include
 * TWITTER_TIMELINE placement. It can have either ALL_ON_TWITTER, any combination of placements that
 * include TWITTER_TIMELINE, or TWITTER_TIMELINE on its own" (DOCS campaign-management.mdx
 * "Placements"). "TWITTER_SEARCH requires keyword targeting" is a targeting matter, not checked here.
 */
export function checkPlacements(objective: string, placements: readonly string[]): void {
  if (placements.length === 1 && placements[0] === 'TWITTER_PROFILE')
    throw adsError('INVALID_PLACEMENT_TYPE', 'TWITTER_PROFILE cannot be the only value of placements', 'placements');
  if (objective === 'REACH' && !placements.some((p) => p === 'TWITTER_TIMELINE' || p === 'ALL_ON_TWITTER'))
    throw adsError(
      'INVALID_PLACEMENT_TYPE',
      'Line items with objective REACH must include TWITTER_TIMELINE or ALL_ON_TWITTER in placements',
      'placements',
    );
}

/** PREROLL_VIEWS line items use product_type MEDIA (DOCS0 campaign-management.mdx, notes §8.3). */
export function checkProductType(objective: string, productType: string): void {
  if (objective === 'PREROLL_VIEWS' && productType !== 'MEDIA') throw expected('product_type', ['MEDIA'], productType);
}

const MIN_ONE_CATEGORY = 'A minimum of 1 items must be provided for categories';

/** advertiser_domain and categories are "Required when the line item's placement is set to PUBLISHER_NETWORK". */
export function checkPublisherNetwork(s: LineItemState): void {
  if (!s.placements.includes('PUBLISHER_NETWORK')) return;
  if (!s.advertiser_domain) throw missing('advertiser_domain');
  // The real message and parameter for this case (notes §3.2, twitter-python-ads-sdk#136).
  if (s.categories.length === 0) throw invalid('categories', MIN_ONE_CATEGORY);
}

/** IAB content categories (IAB1 … IAB26, with sub-categories `IAB1-2`), as GET iab_categories lists them. */
const IAB = /^IAB([1-9]|1[0-9]|2[0-6])(-[1-9][0-9]?)?$/;

/**
 * `categories` are IAB categories; for PREROLL_VIEWS they are the complete `iab_categories` of one or
 * two advertiser business categories ("one or two advertiser_business_categories must be set …
 * setting the value of the categories request parameter … to the set of corresponding
 * iab_categories", DOCS "Advertiser Business Categories"; "the entire set of iab_categories … must be
 * set", the preroll guide).
 */
export function checkCategories(objective: string, categories: readonly string[]): void {
  for (const c of categories)
    if (!IAB.test(c))
      throw adsError(
        'INVALID_IAB_CATEGORY',
        `Expected an IAB category, got ${JSON.stringify(c)} for categories`,
        'categories',
      );
  if (objective === 'PREROLL_VIEWS') checkBusinessCategories(categories);
}

function checkBusinessCategories(categories: readonly string[]): void {
  if (categories.length === 0) throw invalid('categories', MIN_ONE_CATEGORY);
  const chosen = new Map<string, BusinessCategory>();
  for (const c of categories) {
    const b = businessCategoryOfIab(c);
    if (!b)
      throw invalid(
        'categories',
        `${c} is in no advertiser business category (GET advertiser_business_categories); PREROLL_VIEWS line items take theirs in categories`,
      );
    chosen.set(b.id, b);
  }
  if (chosen.size > 2)
    throw invalid('categories', 'A maximum of 2 advertiser business categories may be provided for categories');
  for (const b of chosen.values()) {
    if (b.iab_categories.every((iab) => categories.includes(iab))) continue;
    throw invalid(
      'categories',
      `The entire set of iab_categories of advertiser business category ${b.id} (${b.name}) must be provided for categories`,
    );
  }
}

// ---- the rest of the table

/** "APP_INSTALLS and APP_ENGAGEMENTS need at least one" app store identifier. */
export function checkAppIds(s: LineItemState): void {
  if (s.objective !== 'APP_INSTALLS' && s.objective !== 'APP_ENGAGEMENTS') return;
  if (s.android_app_store_identifier || s.ios_app_store_identifier) return;
  throw adsError(
    'MISSING_PARAMETER',
    `One of android_app_store_identifier or ios_app_store_identifier is required for objective ${s.objective}`,
    'android_app_store_identifier',
  );
}

/** "Required when the line item's goal is set to WEBSITE_CONVERSIONS". */
export function checkWebEventTag(s: LineItemState): void {
  if (s.goal === 'WEBSITE_CONVERSIONS' && !s.primary_web_event_tag) throw missing('primary_web_event_tag');
}

export const FREQUENCY_CAP_OBJECTIVES = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'];

/**
 * frequency_cap is "Only supported for REACH, ENGAGEMENTS, VIDEO_VIEWS, and PREROLL_VIEWS objectives";
 * duration_in_days, "the time period within which the frequency_cap is achieved", is 1, 7 or 30.
 */
export function checkFrequency(objective: string, cap: number | undefined | null, days: number | undefined | null) {
  if (cap !== undefined && cap !== null) {
    if (!FREQUENCY_CAP_OBJECTIVES.includes(objective))
      throw invalid('frequency_cap', `setting frequency_cap is not allowed for objective ${objective}`);
    checkPositive('frequency_cap', cap);
  }
  if (days !== undefined && days !== null && !(DURATIONS as readonly number[]).includes(days))
    throw expected('duration_in_days', DURATIONS, days);
}

/** Amounts and counts are positive, and fit the store's BIGINT and JSON's exact integers. */
export function checkPositive(param: string, n: number): void {
  if (n <= 0 || !Number.isSafeInteger(n))
    throw invalid(param, `Expected a value greater than 0, got ${JSON.stringify(String(n))} for ${param}`);
}

/**
 * daily_budget_amount_local_micro and standard_delivery are "Only available when budget_optimization
 * is set to LINE_ITEM for the parent campaign"; with CAMPAIGN the line item's total budget "must be
 * blank or excluded" too (notes §8.2). The daily budget "should be less than or equal to the
 * total_budget_amount_local_micro". Checked on what the request sets: a campaign may change its
 * budget_optimization later.
 */
export function checkBudgets(given: LineItemChanges, parent: Parent): void {
  for (const p of ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro'] as const) {
    const v = given[p];
    if (v === undefined || v === null) continue;
    checkPositive(p, v);
  }
  if (parent.budgetOptimization === 'LINE_ITEM') return;
  for (const p of ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro', 'standard_delivery'] as const)
    if (given[p] !== undefined && given[p] !== null)
      throw invalid(
        p,
        `setting ${p} is not allowed when the campaign's budget_optimization is ${parent.budgetOptimization}`,
      );
}

export function checkDailyWithinTotal(s: LineItemState): void {
  const daily = s.daily_budget_amount_local_micro;
  const total = s.total_budget_amount_local_micro;
  if (daily !== null && total !== null && daily > total)
    throw invalid(
      'daily_budget_amount_local_micro',
      `daily_budget_amount_local_micro (${daily}) must be less than or equal to total_budget_amount_local_micro (${total})`,
    );
}

/** A line item stops serving after it starts (Aviary's check; the docs take both times as ISO 8601). */
export function checkTimes(s: LineItemState): void {
  if (s.start_time !== null && s.end_time !== null && s.end_time <= s.start_time)
    throw invalid('end_time', 'end_time must be later than start_time');
}

/**
 * advertiser_user_id is "The X user identifier for the handle promoting a PREROLL_VIEWS ad"; for other
 * objectives the real answer is `setting advertiser_user_id is not allowed` (notes §3.2). Sending the
 * value it already has is not a change (SDKs send back what they loaded).
 */
export function checkAdvertiserUser(objective: string, given: string | null | undefined, current: string | null): void {
  if (given === undefined || given === null || given === current || objective === 'PREROLL_VIEWS') return;
  throw invalid('advertiser_user_id', 'setting advertiser_user_id is not allowed');
}

/** PUT sets ACTIVE or PAUSED (seed); a draft may become either, nothing becomes a draft again. */
export function checkTransition(from: string, to: string | undefined): void {
  if (to === undefined || to === from) return;
  if (!(UPDATE_STATUSES as readonly string[]).includes(to)) throw expected('entity_status', UPDATE_STATUSES, to);
}

// ---- the campaign's line items

/** "All line items within a campaign must be of the same product_type and objective" (DOCS POST line_items). */
export function checkSameAsSiblings(
  campaignId: string,
  sibling: { objective: string; product_type: string } | undefined,
  objective: string,
  productType: string,
): void {
  if (!sibling) return;
  // The real text of the objective case (notes §3.2, an older API's wording); product type's follows it.
  if (sibling.objective !== objective)
    throw invalid(
      'objective',
      `Line items with different objectives are not allowed under the same campaign (campaign_id=${campaignId})`,
    );
  if (sibling.product_type !== productType)
    throw invalid(
      'product_type',
      `Line items with different product types are not allowed under the same campaign (campaign_id=${campaignId})`,
    );
}

export function checkRoom(campaignId: string, lineItems: number): void {
  if (lineItems >= MAX_LINE_ITEMS_PER_CAMPAIGN)
    throw adsError(
      'TOO_MANY_LINE_ITEMS',
      `A campaign may have at most ${MAX_LINE_ITEMS_PER_CAMPAIGN} line items (campaign_id=${campaignId})`,
      'campaign_id',
    );
}

// ---- the whole line item

/** The line item a POST makes, its defaults filled; throws the first rule it breaks. */
export function resolveCreate(p: NewLineItem, parent: Parent): LineItemState {
  checkPlacements(p.objective, p.placements);
  checkProductType(p.objective, p.product_type);
  const goal = p.goal ?? GOALS_BY_OBJECTIVE[p.objective]![0]!;
  checkGoal(p.objective, goal);
  const strategy = p.bid_strategy ?? defaultBidStrategy(p.objective, p.bid_amount_local_micro != null);
  checkBidStrategy(p.objective, strategy, 'create');
  const bid = bidFor(strategy, p.bid_amount_local_micro ?? null);
  const payBy = p.pay_by ?? payByOptions(goal, strategy)[0]!;
  checkPayBy(goal, strategy, payBy);
  checkBudgets(p, parent);
  checkFrequency(p.objective, p.frequency_cap, p.duration_in_days);
  checkAdvertiserUser(p.objective, p.advertiser_user_id, parent.advertiserUserId);
  const s: LineItemState = {
    name: p.name ?? null,
    objective: p.objective,
    product_type: p.product_type,
    placements: p.placements,
    goal,
    bid_strategy: strategy,
    bid_amount_local_micro: bid,
    pay_by: payBy,
    start_time: p.start_time ?? null,
    end_time: p.end_time ?? null,
    entity_status: p.entity_status ?? 'ACTIVE',
    daily_budget_amount_local_micro: p.daily_budget_amount_local_micro ?? null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    duration_in_days: p.duration_in_days ?? null,
    frequency_cap: p.frequency_cap ?? null,
    // Standard delivery "is the default option" (DOCS "Budget Pacing") where the line item may set it.
    standard_delivery: p.standard_delivery ?? (parent.budgetOptimization === 'LINE_ITEM' ? true : null),
    categories: p.categories ?? [],
    audience_expansion: p.audience_expansion ?? null,
    advertiser_user_id: p.advertiser_user_id ?? parent.advertiserUserId,
    advertiser_domain: p.advertiser_domain ?? null,
    android_app_store_identifier: p.android_app_store_identifier ?? null,
    ios_app_store_identifier: p.ios_app_store_identifier ?? null,
    primary_web_event_tag: p.primary_web_event_tag ?? null,
  };
  checkWhole(s);
  return s;
}

/** The line item after a PUT of `p` (all optional); throws the first rule it breaks. */
export function resolveUpdate(current: LineItemState, p: LineItemChanges, parent: Parent): LineItemState {
  checkTransition(current.entity_status, p.entity_status);
  const goal = p.goal ?? current.goal;
  if (p.goal !== undefined) checkGoal(current.objective, goal);
  const strategy = p.bid_strategy ?? current.bid_strategy;
  if (p.bid_strategy !== undefined) checkBidStrategy(current.objective, strategy, 'update');
  // A null bid is un-set (notes §1): MAX and TARGET then lack the bid they require.
  const bid = bidFor(
    strategy,
    p.bid_amount_local_micro === undefined ? current.bid_amount_local_micro : p.bid_amount_local_micro,
  );
  checkPayByChange(current.objective, current.pay_by, p.pay_by);
  const options = payByOptions(goal, strategy);
  const payBy = p.pay_by ?? (options.includes(current.pay_by) ? current.pay_by : options[0]!);
  checkPayBy(goal, strategy, payBy);
  checkBudgets(p, parent);
  checkFrequency(current.objective, p.frequency_cap, p.duration_in_days);
  checkAdvertiserUser(current.objective, p.advertiser_user_id, current.advertiser_user_id);
  const defined = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
  const s: LineItemState = {
    ...current,
    ...defined,
    goal,
    bid_strategy: strategy,
    bid_amount_local_micro: bid,
    pay_by: payBy,
  };
  checkWhole(s);
  return s;
}

/** The rules over the line item as a whole, after defaults and changes. */
function checkWhole(s: LineItemState): void {
  checkCategories(s.objective, s.categories);
  checkPublisherNetwork(s);
  checkAppIds(s);
  checkWebEventTag(s);
  checkDailyWithinTotal(s);
  checkTimes(s);
}
