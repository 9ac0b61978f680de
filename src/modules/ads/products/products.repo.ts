// Every SQL statement of products (ads_products). `data` holds the merchant's fields as JSON text.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type ProductRow = {
  product_key: string;
  catalog_id: string;
  id: string;
  title: string;
  item_group_id: string | null;
  item_group_key: string | null;
  data: string;
  created_at: number;
  updated_at: number;
};

const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');

// "For grouped products only the first submitted is returned" (seed): a grouped product is listed
// when it is its group's first, by product key (snowflakes: shorter is older, then by text).
const FIRST_OF_GROUP = `(p.item_group_key IS NULL OR p.product_key = (
  SELECT g.product_key FROM ads_products g WHERE g.catalog_id = p.catalog_id AND g.item_group_key = p.item_group_key
  ORDER BY LENGTH(g.product_key), g.product_key LIMIT 1))`;

export async function listProducts(db: Queryable, catalogId: string, itemGroupKey: string | undefined, q: ListQuery) {
  const where = ['p.catalog_id = ?', FIRST_OF_GROUP];
  const args: unknown[] = [catalogId];
  if (itemGroupKey !== undefined) {
    where.push('p.item_group_key = ?');
    args.push(itemGroupKey);
  }
  const s: ListSql = {
    select: 'SELECT p.* FROM ads_products p',
    where,
    args,
    sortExpr: { created_at: 'p.created_at' },
    deletedColumn: null,
    idColumn: 'p.id',
  };
  return listRows<ProductRow>(db, s, q);
}

/** Every product of the catalog, in submission order (product sets evaluate their filters over them). */
export async function allProducts(db: Queryable, catalogId: string): Promise<ProductRow[]> {
  return db.all<ProductRow>(
    'SELECT * FROM ads_products WHERE catalog_id = ? ORDER BY LENGTH(product_key), product_key',
    [catalogId],
  );
}

export async function productsByIds(db: Queryable, catalogId: string, ids: string[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db.all<ProductRow>(`SELECT * FROM ads_products WHERE catalog_id = ? AND id IN (${marks(ids)})`, [
    catalogId,
    ...ids,
  ]);
}

export async function productsByKeys(db: Queryable, catalogId: string, keys: string[]): Promise<ProductRow[]> {
  if (!keys.length) return [];
  return db.all<ProductRow>(`SELECT * FROM ads_products WHERE catalog_id = ? AND product_key IN (${marks(keys)})`, [
    catalogId,
    ...keys,
  ]);
}

export async function productsByTitles(db: Queryable, catalogId: string, titles: string[]): Promise<ProductRow[]> {
  if (!titles.length) return [];
  return db.all<ProductRow>(`SELECT * FROM ads_products WHERE catalog_id = ? AND title IN (${marks(titles)})`, [
    catalogId,
    ...titles,
  ]);
}

/** The key of the catalog's item group `itemGroupId`, if it has products. */
export async function groupKeyOf(db: Queryable, catalogId: string, itemGroupId: string): Promise<string | null> {
  const row = await db.get<{ item_group_key: string }>(
    'SELECT item_group_key FROM ads_products WHERE catalog_id = ? AND item_group_id = ? LIMIT 1',
    [catalogId, itemGroupId],
  );
  return row?.item_group_key ?? null;
}

export async function insertProduct(db: Queryable, row: ProductRow): Promise<void> {
  await insertObject(db, 'ads_products', row);
}

export async function updateProduct(db: Queryable, row: ProductRow): Promise<void> {
  await db.run(
    'UPDATE ads_products SET title = ?, item_group_id = ?, item_group_key = ?, data = ?, updated_at = ? WHERE product_key = ?',
    [row.title, row.item_group_id, row.item_group_key, row.data, row.updated_at, row.product_key],
  );
}

export async function deleteProduct(db: Queryable, productKey: string): Promise<void> {
  await db.run('DELETE FROM ads_products WHERE product_key = ?', [productKey]);
}
