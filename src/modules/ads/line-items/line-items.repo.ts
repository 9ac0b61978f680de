// Every SQL statement of line items.
import type { Queryable } from '../../../store/index.js';

export type LineItemRow = {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string | null;
  objective: string;
  product_type: string;
  /** JSON array */
  placements: string;
  goal: string;
  bid_strategy: string;
  bid_amount_local_micro: number | null;
  target_cpa_local_micro: number | null;
  pay_by: string;
  start_time: number | null;
  end_time: number | null;
  entity_status: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  standard_delivery: number | null;
  /** JSON array */
  categories: string;
  audience_expansion: string | null;
  advertiser_user_id: string | null;
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  primary_web_event_tag: string | null;
  automatic_tweet_promotion: number | null;
  creative_source: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

export async function lineItemById(db: Queryable, accountId: string, id: string): Promise<LineItemRow | undefined> {
  return db.get<LineItemRow>('SELECT * FROM ads_line_items WHERE account_id = ? AND id = ?', [accountId, id]);
}
