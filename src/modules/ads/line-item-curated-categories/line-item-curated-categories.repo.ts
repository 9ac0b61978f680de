// Every SQL statement of line item curated categories.
import type { Queryable } from '../../../store/index.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type LineItemCuratedCategoryRow = {
  id: string;
  account_id: string;
  line_item_id: string;
  curated_category_id: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const TABLE = 'ads_line_item_curated_categories';

export async function byId(db: Queryable, accountId: string, id: string) {
  return db.get<LineItemCuratedCategoryRow>(`SELECT * FROM ${TABLE} WHERE account_id = ? AND id = ?`, [accountId, id]);
}

/** The association of a line item that is not deleted, if any (one per line item). */
export async function activeOfLineItem(db: Queryable, accountId: string, lineItemId: string) {
  return db.get<LineItemCuratedCategoryRow>(
    `SELECT * FROM ${TABLE} WHERE account_id = ? AND line_item_id = ? AND deleted = 0 ORDER BY id LIMIT 1`,
    [accountId, lineItemId],
  );
}

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

export async function list(db: Queryable, accountId: string, q: ListQuery) {
  const s: ListSql = { select: `SELECT * FROM ${TABLE}`, where: ['account_id = ?'], args: [accountId], sortExpr: SORT };
  return listRows<LineItemCuratedCategoryRow>(db, s, q);
}

export async function insert(db: Queryable, r: LineItemCuratedCategoryRow): Promise<void> {
  await db.run(
    `INSERT INTO ${TABLE} (id, account_id, line_item_id, curated_category_id, created_at, updated_at, deleted)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [r.id, r.account_id, r.line_item_id, r.curated_category_id, r.created_at, r.updated_at, r.deleted],
  );
}

export async function update(db: Queryable, r: LineItemCuratedCategoryRow): Promise<void> {
  await db.run(
    `UPDATE ${TABLE} SET line_item_id = ?, curated_category_id = ?, updated_at = ?, deleted = ? WHERE id = ?`,
    [r.line_item_id, r.curated_category_id, r.updated_at, r.deleted, r.id],
  );
}
