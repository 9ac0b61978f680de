// Every SQL statement of product catalogs (ads_product_catalogs), and the permanent delete of a
// catalog with what it holds (its products and product sets: the seed's "Permanent." leaves nothing
// of it, so the cascade is the catalog's own statement rather than a call into those modules, which
// import this one).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';

export type CatalogRow = { id: string; user_id: string; name: string; created_at: number; updated_at: number };

export async function catalogById(db: Queryable, id: string): Promise<CatalogRow | undefined> {
  return db.get<CatalogRow>('SELECT * FROM ads_product_catalogs WHERE id = ?', [id]);
}

export async function catalogOfUser(db: Queryable, userId: string): Promise<CatalogRow | undefined> {
  return db.get<CatalogRow>('SELECT * FROM ads_product_catalogs WHERE user_id = ?', [userId]);
}

export async function insertCatalog(db: Queryable, row: CatalogRow): Promise<void> {
  await insertObject(db, 'ads_product_catalogs', row);
}

export async function renameCatalog(db: Queryable, id: string, name: string, at: number): Promise<void> {
  await db.run('UPDATE ads_product_catalogs SET name = ?, updated_at = ? WHERE id = ?', [name, at, id]);
}

export async function deleteCatalog(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_product_sets WHERE catalog_id = ?', [id]);
  await db.run('DELETE FROM ads_products WHERE catalog_id = ?', [id]);
  await db.run('DELETE FROM ads_product_catalogs WHERE id = ?', [id]);
}

/**
 * Whether `callerId` may operate for `userId`: the user themself, or a user associated with an Ads
 * account that `userId` owns (the agency mode of notes §2, where "the account must be associated with
 * the authenticated user").
 */
export async function mayOperateFor(db: Queryable, callerId: string, userId: string): Promise<boolean> {
  if (callerId === userId) return true;
  const row = await db.get<{ one: number }>(
    `SELECT 1 AS one FROM ads_accounts a JOIN ads_account_users u ON u.account_id = a.id
      WHERE a.owner_user_id = ? AND u.user_id = ? AND a.deleted = 0`,
    [userId, callerId],
  );
  return row !== undefined;
}
