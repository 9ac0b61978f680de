// Products on the wire: every field of the seed's "Product" row, null when not given (the docs'
// example lists them all, nulls included).
import { PRODUCT_FIELDS, type ProductData } from './products.fields.js';
import type { ProductRow } from './products.repo.js';

export function productView(r: ProductRow) {
  const data = JSON.parse(r.data) as ProductData;
  const out: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS)
    out[f] = f === 'product_key' ? r.product_key : f === 'item_group_key' ? r.item_group_key : (data[f] ?? null);
  return out;
}
