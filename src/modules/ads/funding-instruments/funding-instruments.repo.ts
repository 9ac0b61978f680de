// Every SQL statement of funding instruments.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

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

/** The account's instruments among `ids` (deleted ones too), for views of what refers to them. */
export async function fundingInstrumentsByIds(
  db: Queryable,
  accountId: string,
  ids: readonly string[],
): Promise<FundingInstrumentRow[]> {
  if (ids.length === 0) return [];
  return db.all<FundingInstrumentRow>(
    `SELECT * FROM ads_funding_instruments WHERE account_id = ? AND id IN (${ids.map(() => '?').join(', ')})`,
    [accountId, ...ids],
  );
}

/**
 * Nullable columns sort as -1 (before every real amount or time): keyset paging needs a value on
 * every row (kit/list-sql.ts). `sortValueOf` gives the same value for the cursor.
 */
export const SORT_EXPR: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  deleted: 'deleted',
  funded_amount_local_micro: 'COALESCE(funded_amount_local_micro, -1)',
  start_time: 'COALESCE(start_time, -1)',
  end_time: 'COALESCE(end_time, -1)',
};

export function sortValueOf(row: FundingInstrumentRow, attr: string): number {
  return (row[attr as keyof FundingInstrumentRow] as number | null) ?? -1;
}

export type FundingInstrumentFilter = { accountId: string; ids?: string[] };

function listSql(f: FundingInstrumentFilter): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.ids) {
    where.push(`id IN (${f.ids.map(() => '?').join(', ')})`);
    args.push(...f.ids);
  }
  return { select: 'SELECT * FROM ads_funding_instruments', where, args, sortExpr: SORT_EXPR };
}

export async function listFundingInstruments(db: Queryable, f: FundingInstrumentFilter, q: ListQuery) {
  return listRows<FundingInstrumentRow>(db, listSql(f), q);
}

export async function insertFundingInstrument(db: Queryable, row: FundingInstrumentRow): Promise<void> {
  await insertObject(db, 'ads_funding_instruments', row);
}

/** Soft delete; answers whether a row that was not yet deleted changed (a repeat changes none). */
export async function deleteFundingInstrument(db: Queryable, accountId: string, id: string, at: number) {
  const r = await db.run(
    'UPDATE ads_funding_instruments SET deleted = 1, updated_at = ? WHERE account_id = ? AND id = ? AND deleted = 0',
    [at, accountId, id],
  );
  return r.changes > 0;
}
