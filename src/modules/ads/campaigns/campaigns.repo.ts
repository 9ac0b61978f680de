// Every SQL statement of campaigns.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

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

/**
 * Sort expressions (notes §4 lists the attributes). Nullable columns sort as -1, before every real
 * value: keyset paging needs a value on every row (kit/list-sql.ts). v12 campaigns have no start or
 * end time (moved to line items in v11, notes §8.2), so those two sort every campaign alike (0) and
 * the order falls to the id, that is, creation order. (A bare `0` would name a column in SQLite's
 * ORDER BY, hence the CAST.)
 */
export const SORT_EXPR: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  deleted: 'deleted',
  name: 'name',
  start_time: 'CAST(0 AS INTEGER)',
  end_time: 'CAST(0 AS INTEGER)',
  daily_budget_amount_local_micro: 'COALESCE(daily_budget_amount_local_micro, -1)',
  total_budget_amount_local_micro: 'COALESCE(total_budget_amount_local_micro, -1)',
  standard_delivery: 'COALESCE(standard_delivery, -1)',
};

/** The value SORT_EXPR gives a row, for its cursor. */
export function sortValueOf(row: CampaignRow, attr: string): string | number {
  if (attr === 'start_time' || attr === 'end_time') return 0;
  return (row[attr as keyof CampaignRow] as string | number | null) ?? -1;
}

export type CampaignFilter = {
  accountId: string;
  campaignIds?: string[];
  fundingInstrumentIds?: string[];
  q?: string;
  withDraft: boolean;
};

const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ');
const likeLiteral = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c);

function listSql(f: CampaignFilter): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.campaignIds) {
    where.push(`id IN (${marks(f.campaignIds)})`);
    args.push(...f.campaignIds);
  }
  if (f.fundingInstrumentIds) {
    where.push(`funding_instrument_id IN (${marks(f.fundingInstrumentIds)})`);
    args.push(...f.fundingInstrumentIds);
  }
  if (f.q !== undefined) {
    // A case-insensitive prefix of the name or of a word in it (issue #17: "name prefix/term");
    // LIKE's wildcards in the query are taken literally.
    where.push("(LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(name) LIKE ? ESCAPE '\\')");
    args.push(likeLiteral(f.q) + '%', '% ' + likeLiteral(f.q) + '%');
  }
  // DRAFT campaigns are listed only with with_draft=true (DOCS GET campaigns).
  if (!f.withDraft) where.push("entity_status <> 'DRAFT'");
  return { select: 'SELECT * FROM ads_campaigns', where, args, sortExpr: SORT_EXPR };
}

export async function listCampaigns(db: Queryable, f: CampaignFilter, q: ListQuery) {
  return listRows<CampaignRow>(db, listSql(f), q);
}

export async function insertCampaign(db: Queryable, row: CampaignRow): Promise<void> {
  await insertObject(db, 'ads_campaigns', row);
}

export type CampaignChange = Partial<
  Pick<
    CampaignRow,
    | 'name'
    | 'budget_optimization'
    | 'daily_budget_amount_local_micro'
    | 'total_budget_amount_local_micro'
    | 'entity_status'
    | 'purchase_order_number'
    | 'standard_delivery'
    | 'deleted'
  >
>;

export async function updateCampaign(db: Queryable, accountId: string, id: string, change: CampaignChange, at: number) {
  const sets = Object.keys(change).map((k) => `${k} = ?`);
  await db.run(`UPDATE ads_campaigns SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE account_id = ? AND id = ?`, [
    ...(Object.values(change) as never[]),
    at,
    accountId,
    id,
  ]);
}

/** Active campaigns count toward the limit of 200 (DOCS: "no limit to the number of inactive campaigns"). */
export async function countActiveCampaigns(db: Queryable, accountId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM ads_campaigns WHERE account_id = ? AND deleted = 0 AND entity_status = 'ACTIVE'",
    [accountId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Holds the account's row until the transaction ends, so two writers cannot both take the last of
 * the 200 active campaigns on PostgreSQL (SQLite already runs one write transaction at a time). The
 * no-op UPDATE is the one row lock both dialects accept.
 */
export async function lockAccount(db: Queryable, accountId: string): Promise<void> {
  await db.run('UPDATE ads_accounts SET updated_at = updated_at WHERE id = ?', [accountId]);
}
