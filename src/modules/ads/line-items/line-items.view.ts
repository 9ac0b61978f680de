// Line items on the wire: the v12 object of the docs' examples, in their key order (notes §8.3).
// GET, lists and batches also carry the campaign's `funding_instrument_id`; the single POST, PUT and
// DELETE examples do not.
import { adsTime, adsTimeOrNull } from '../kit/time.js';
import type { LineItemRow } from './line-items.repo.js';
import type { LineItemState } from './line-items.rules.js';

const nullableBool = (n: number | null) => (n === null ? null : Boolean(n));

export function lineItemView(r: LineItemRow, o: { currency: string; fundingInstrumentId?: string | null }) {
  return {
    advertiser_user_id: r.advertiser_user_id,
    name: r.name,
    placements: JSON.parse(r.placements) as string[],
    start_time: adsTimeOrNull(r.start_time),
    bid_amount_local_micro: r.bid_amount_local_micro,
    advertiser_domain: r.advertiser_domain,
    target_cpa_local_micro: r.target_cpa_local_micro,
    primary_web_event_tag: r.primary_web_event_tag,
    goal: r.goal,
    daily_budget_amount_local_micro: r.daily_budget_amount_local_micro,
    product_type: r.product_type,
    end_time: adsTimeOrNull(r.end_time),
    ...(o.fundingInstrumentId !== undefined ? { funding_instrument_id: o.fundingInstrumentId } : {}),
    bid_strategy: r.bid_strategy,
    duration_in_days: r.duration_in_days,
    standard_delivery: nullableBool(r.standard_delivery),
    total_budget_amount_local_micro: r.total_budget_amount_local_micro,
    objective: r.objective,
    id: r.id,
    entity_status: r.entity_status,
    automatic_tweet_promotion: nullableBool(r.automatic_tweet_promotion),
    frequency_cap: r.frequency_cap,
    android_app_store_identifier: r.android_app_store_identifier,
    categories: JSON.parse(r.categories) as string[],
    currency: o.currency,
    pay_by: r.pay_by,
    created_at: adsTime(r.created_at),
    ios_app_store_identifier: r.ios_app_store_identifier,
    updated_at: adsTime(r.updated_at),
    campaign_id: r.campaign_id,
    creative_source: r.creative_source,
    deleted: Boolean(r.deleted),
  };
}

export type LineItemView = ReturnType<typeof lineItemView>;

/** The rules' reading of a stored line item. */
export function stateOf(r: LineItemRow): LineItemState {
  return {
    name: r.name,
    objective: r.objective,
    product_type: r.product_type,
    placements: JSON.parse(r.placements) as string[],
    goal: r.goal,
    bid_strategy: r.bid_strategy,
    bid_amount_local_micro: r.bid_amount_local_micro,
    pay_by: r.pay_by,
    start_time: r.start_time,
    end_time: r.end_time,
    entity_status: r.entity_status,
    daily_budget_amount_local_micro: r.daily_budget_amount_local_micro,
    total_budget_amount_local_micro: r.total_budget_amount_local_micro,
    duration_in_days: r.duration_in_days,
    frequency_cap: r.frequency_cap,
    standard_delivery: nullableBool(r.standard_delivery),
    categories: JSON.parse(r.categories) as string[],
    audience_expansion: r.audience_expansion,
    advertiser_user_id: r.advertiser_user_id,
    advertiser_domain: r.advertiser_domain,
    android_app_store_identifier: r.android_app_store_identifier,
    ios_app_store_identifier: r.ios_app_store_identifier,
    primary_web_event_tag: r.primary_web_event_tag,
  };
}

/** The stored columns of a line item state (the row's other columns are the service's). */
export function columnsOf(s: LineItemState) {
  return {
    ...s,
    placements: JSON.stringify(s.placements),
    categories: JSON.stringify(s.categories),
    standard_delivery: s.standard_delivery === null ? null : s.standard_delivery ? 1 : 0,
  };
}
