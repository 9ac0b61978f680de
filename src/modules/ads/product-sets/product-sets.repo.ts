// Every SQL statement of product sets (ads_product_sets); filters and product keys as JSON text.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';

export type ProductSetRow = {
  id: string;
  catalog_id: string;
  name: string;
  description: string | null;
  type: 'MANUAL' | 'FILTERED';
  filters: string;
  product_keys: string;
  created_at: number;
  updated_at: number;
};

export async function productSetById(db: Queryable, catalogId: string, id: string): Promise<ProductSetRow | undefined> {
  return db.get<ProductSetRow>('SELECT * FROM ads_product_sets WHERE catalog_id = ? AND id = ?', [catalogId, id]);
}

export async function insertProductSet(db: Queryable, row: ProductSetRow): Promise<void> {
  await insertObject(db, 'ads_product_sets', row);
}

export async function updateProductSet(db: Queryable, row: ProductSetRow): Promise<void> {
  await db.run('UPDATE ads_product_sets SET name = ?, description = ?, product_keys = ?, updated_at = ? WHERE id = ?', [
    row.name,
    row.description,
    row.product_keys,
    row.updated_at,
    row.id,
  ]);
}

export async function deleteProductSet(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_product_sets WHERE id = ?', [id]);
}
