// Every SQL statement of campaigns.
import type { Queryable } from '../../../store/index.js';

export type CampaignRow = {
  id: string;
  account_id: string;
  funding_instrument_id: string;
  name: string;
  budget_optimization: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  entity_status: string;
  purchase_order_number: string | null;
  standard_delivery: number | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

export async function campaignById(db: Queryable, accountId: string, id: string): Promise<CampaignRow | undefined> {
  return db.get<CampaignRow>('SELECT * FROM ads_campaigns WHERE account_id = ? AND id = ?', [accountId, id]);
}
