// Every SQL statement of funding instruments.
import type { Queryable } from '../../../store/index.js';

export type FundingInstrumentRow = {
  id: string;
  account_id: string;
  type: string;
  currency: string;
  description: string;
  start_time: number | null;
  end_time: number | null;
  credit_limit_local_micro: number | null;
  funded_amount_local_micro: number | null;
  credit_remaining_local_micro: number | null;
  io_header: string | null;
  entity_status: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

export async function fundingInstrumentById(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<FundingInstrumentRow | undefined> {
  return db.get<FundingInstrumentRow>('SELECT * FROM ads_funding_instruments WHERE account_id = ? AND id = ?', [
    accountId,
    id,
  ]);
}
