// Campaigns on the wire: the v12 campaign object (notes §8.2, DOCS GET/POST/PUT/DELETE campaigns), in
// its order, and the snapshot account history keeps (seed "Campaign snapshot").
import { adsTime } from '../kit/time.js';
import type { CampaignRow } from './campaigns.repo.js';
import type { Servability } from './campaigns.rules.js';

const boolOrNull = (v: number | null) => (v === null ? null : Boolean(v));

// `currency` is the funding instrument's: "The currency associated with the specified funding instrument
// will be used" (DOCS POST campaigns).
export function campaignView(c: CampaignRow, s: Servability, currency: string) {
  return {
    name: c.name,
    budget_optimization: c.budget_optimization,
    reasons_not_servable: s.reasons_not_servable,
    servable: s.servable,
    purchase_order_number: c.purchase_order_number,
    effective_status: s.effective_status,
    daily_budget_amount_local_micro: c.daily_budget_amount_local_micro,
    funding_instrument_id: c.funding_instrument_id,
    duration_in_days: c.duration_in_days,
    standard_delivery: boolOrNull(c.standard_delivery),
    total_budget_amount_local_micro: c.total_budget_amount_local_micro,
    id: c.id,
    entity_status: c.entity_status,
    frequency_cap: c.frequency_cap,
    currency,
    created_at: adsTime(c.created_at),
    updated_at: adsTime(c.updated_at),
    deleted: Boolean(c.deleted),
  };
}

/**
 * The campaign as account history records it: the seed's "Campaign snapshot" fields, as in the DOCS
 * account_history example. v12 campaigns have no start or end time (notes §8.2), hence null.
 */
export function campaignSnapshot(c: CampaignRow): Record<string, unknown> {
  return {
    name: c.name,
    start_time: null,
    end_time: null,
    purchase_order_number: c.purchase_order_number,
    daily_budget_amount_local_micro: c.daily_budget_amount_local_micro,
    total_budget_amount_local_micro: c.total_budget_amount_local_micro,
    duration_in_days: c.duration_in_days,
    standard_delivery: boolOrNull(c.standard_delivery),
    entity_status: c.entity_status,
    frequency_cap: c.frequency_cap,
    created_at: adsTime(c.created_at),
    updated_at: adsTime(c.updated_at),
    deleted: Boolean(c.deleted),
  };
}
