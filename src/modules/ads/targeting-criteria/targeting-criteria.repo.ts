// Every SQL statement of targeting criteria.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type TargetingCriterionRow = {
  id: string;
  account_id: string;
  line_item_id: string;
  name: string;
  operator_type: string;
  targeting_type: string;
  targeting_value: string;
  location_type: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

export type CriteriaFilter = { accountId: string; lineItemIds: string[]; ids?: string[] };

const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');

function listSql(f: CriteriaFilter): ListSql {
  const where = ['account_id = ?', `line_item_id IN (${marks(f.lineItemIds)})`];
  const args: unknown[] = [f.accountId, ...f.lineItemIds];
  if (f.ids) {
    where.push(`id IN (${marks(f.ids)})`);
    args.push(...f.ids);
  }
  return { select: 'SELECT * FROM ads_targeting_criteria', where, args, sortExpr: SORT };
}

export async function listCriteria(db: Queryable, f: CriteriaFilter, q: ListQuery) {
  return listRows<TargetingCriterionRow>(db, listSql(f), q);
}

export async function criterionById(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<TargetingCriterionRow | undefined> {
  return db.get<TargetingCriterionRow>('SELECT * FROM ads_targeting_criteria WHERE account_id = ? AND id = ?', [
    accountId,
    id,
  ]);
}

/** The line item's criteria that are not deleted, counted by targeting type. */
export async function countsByType(db: Queryable, lineItemId: string): Promise<Record<string, number>> {
  const rows = await db.all<{ targeting_type: string; n: number }>(
    `SELECT targeting_type, COUNT(*) AS n FROM ads_targeting_criteria
     WHERE line_item_id = ? AND deleted = 0 GROUP BY targeting_type`,
    [lineItemId],
  );
  return Object.fromEntries(rows.map((r) => [r.targeting_type, Number(r.n)]));
}

export async function insertCriterion(db: Queryable, row: TargetingCriterionRow): Promise<void> {
  await insertObject(db, 'ads_targeting_criteria', row);
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_targeting_criteria SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}

/**
 * The account's line items with a live criterion of one of `types` on `value`, e.g. CUSTOM_AUDIENCE or
 * CUSTOM_AUDIENCE_EXPANDED on an audience id (notes §8.4; custom-audiences `targeted`, through ads/index.ts).
 */
export async function lineItemIdsTargeting(
  db: Queryable,
  accountId: string,
  types: readonly string[],
  value: string,
): Promise<string[]> {
  const rows = await db.all<{ line_item_id: string }>(
    `SELECT DISTINCT line_item_id FROM ads_targeting_criteria
     WHERE account_id = ? AND targeting_value = ? AND deleted = 0
       AND targeting_type IN (${types.map(() => '?').join(', ')})`,
    [accountId, value, ...types],
  );
  return rows.map((r) => r.line_item_id);
}
