// The parameters of the line item calls (DOCS campaign-management/reference.mdx "Line Items"; seed's
// PUT table; notes §8.3), as specs for the kit's reader.
import { bool, int, list, oneOf, required, str, time, withDefault, type Spec } from '../../../http/input.js';
import { id36, ids36 } from '../kit/ids.js';
import { clearable } from '../kit/params.js';
import {
  AUDIENCE_EXPANSIONS,
  BID_STRATEGIES,
  CREATE_STATUSES,
  GOALS,
  OBJECTIVES,
  PAY_BY,
  PLACEMENTS,
  PRODUCT_TYPES,
  UPDATE_STATUSES,
} from './line-items.rules.js';

/** Sortable attributes of line items (notes §4, DOCS fundamentals/sorting.mdx). */
export const SORTABLE = ['created_at', 'updated_at', 'deleted', 'bid_amount_local_micro'] as const;

export const FILTERS = {
  campaign_ids: ids36({ max: 200 }),
  funding_instrument_ids: ids36({ max: 200 }),
  line_item_ids: ids36({ max: 200 }),
  q: str({ min: 1, max: 255 }),
  // "Include draft campaigns results in your request" (DOCS GET line_items).
  with_draft: withDefault(bool(), false),
};

/**
 * IAB categories, csv or repeated. No item count is documented; an empty value gives none, which
 * PUBLISHER_NETWORK line items then refuse with the real message (line-items.rules.ts).
 */
const CATEGORIES: Spec<string[]> = { kind: 'list', min: 0 };

// Messages for values of the wrong form; wording Aviary's, in the patterns of notes §3.2.
const DOMAIN = /^(?!.*:\/\/)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** What POST and PUT share: the seed's PUT table and standard_delivery (DOCS). */
const CHANGES = {
  name: str({ min: 1, max: 255 }),
  goal: oneOf(GOALS),
  bid_strategy: oneOf(BID_STRATEGIES),
  bid_amount_local_micro: int(),
  pay_by: oneOf(PAY_BY),
  start_time: time(),
  end_time: time(),
  daily_budget_amount_local_micro: int(),
  total_budget_amount_local_micro: int(),
  standard_delivery: bool(),
  frequency_cap: int(),
  duration_in_days: int(),
  categories: CATEGORIES,
  audience_expansion: oneOf(AUDIENCE_EXPANSIONS),
  advertiser_domain: str({
    min: 1,
    max: 255,
    pattern: DOMAIN,
    message: 'Expected a domain without protocol, got "{v}" for advertiser_domain',
  }),
  advertiser_user_id: str({
    pattern: /^[0-9]{1,19}$/,
    message: 'Expected a user id, got "{v}" for advertiser_user_id',
  }),
  android_app_store_identifier: str({
    max: 255,
    pattern: ANDROID_PACKAGE,
    message: 'Expected a Google Play package name, got "{v}" for android_app_store_identifier',
  }),
  // "The numeric portion of the Apple App Store identifier" (DOCS).
  ios_app_store_identifier: str({
    pattern: /^[0-9]{1,20}$/,
    message: 'Expected the numeric portion of the App Store identifier, got "{v}" for ios_app_store_identifier',
  }),
  primary_web_event_tag: str({ min: 1, max: 64 }),
};

export const CREATE_LINE_ITEM = {
  campaign_id: required(id36()),
  objective: required(oneOf(OBJECTIVES)),
  placements: required(list(PLACEMENTS, { min: 1 })),
  product_type: required(oneOf(PRODUCT_TYPES)),
  entity_status: oneOf(CREATE_STATUSES),
  ...CHANGES,
};

/**
 * PUT: every optional value a line item may have null is un-set by an empty value (notes §1: "You can
 * un-set an optional value by specifying the parameter with an empty string (e.g. `&end_time=`)"),
 * then the rules judge the result as for any change: a MAX or TARGET line item without a bid, a
 * PUBLISHER_NETWORK one without advertiser_domain, an app objective without an app store id, a
 * WEBSITE_CONVERSIONS one without primary_web_event_tag are refused with their rule's code. start_time
 * is clearable because the rules here leave it optional (the docs' batch example creates line items
 * without one, notes §8.3). Not clearable: values never null on the object (goal, bid_strategy,
 * pay_by, entity_status), standard_delivery (a boolean: its null means "not the line item's to set"),
 * advertiser_user_id (defaults to the account's user; other objectives may not change it), and
 * categories (an empty value already reads as none). POST keeps refusing empty values.
 */
export const UPDATE_LINE_ITEM = {
  entity_status: oneOf(UPDATE_STATUSES),
  ...CHANGES,
  name: clearable(CHANGES.name),
  bid_amount_local_micro: clearable(CHANGES.bid_amount_local_micro),
  start_time: clearable(CHANGES.start_time),
  end_time: clearable(CHANGES.end_time),
  daily_budget_amount_local_micro: clearable(CHANGES.daily_budget_amount_local_micro),
  total_budget_amount_local_micro: clearable(CHANGES.total_budget_amount_local_micro),
  frequency_cap: clearable(CHANGES.frequency_cap),
  duration_in_days: clearable(CHANGES.duration_in_days),
  audience_expansion: clearable(CHANGES.audience_expansion),
  advertiser_domain: clearable(CHANGES.advertiser_domain),
  android_app_store_identifier: clearable(CHANGES.android_app_store_identifier),
  ios_app_store_identifier: clearable(CHANGES.ios_app_store_identifier),
  primary_web_event_tag: clearable(CHANGES.primary_web_event_tag),
};

export const LINE_ITEM_ID = { line_item_id: required(id36()) };

export const WITH_DELETED = { with_deleted: withDefault(bool(), false) };
