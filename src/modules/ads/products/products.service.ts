// Products of a catalog (seed "Product catalogs (early access)", Errors §5, Limits): the list, the
// batch upsert `PUT …/products` of up to 25 with a result per product, and the batch delete by
// product keys. Field rules are products.fields.ts; the rules that need the other products are here.
import type { Deps } from '../../../deps.js';
import { adsError, type AdsError } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import type { CatalogRow } from '../product-catalogs/index.js';
import { areVariants, checkProduct, type FieldError, type ProductData } from './products.fields.js';
import * as repo from './products.repo.js';
import type { ProductRow } from './products.repo.js';
import { productView } from './products.view.js';

/** Limits: "Product batch: 25 products per PUT". */
export const MAX_UPSERT = 25;

export type UpsertStatus = 'CREATE_SUCCESS' | 'UPDATE_SUCCESS' | 'NO_CHANGE' | 'ERROR';
export type UpsertResult = {
  warnings: FieldError[];
  errors: FieldError[];
  product_key: string | null;
  id: string | null;
  status: UpsertStatus;
};

export async function listProducts(deps: Deps, catalog: CatalogRow, p: { item_group_key?: string }, q: ListQuery) {
  const { rows } = await repo.listProducts(deps.db, catalog.id, p.item_group_key, q);
  return pageOf(rows, q, (r) => r.created_at, productView);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body's array under `key`, or a request-level error naming it (Errors §2). */
function bodyArray(body: unknown, key: string, max: number | null): unknown[] {
  const list = isObject(body) ? body[key] : undefined;
  if (list === undefined || list === null) throw adsError('MISSING_PARAMETER', `"${key}" is a required parameter`, key);
  if (!Array.isArray(list)) throw adsError('INVALID_PARAMETER', `Expected an array for ${key}`, key);
  if (list.length === 0) throw adsError('INVALID_PARAMETER', `A minimum of 1 items must be provided for ${key}`, key);
  if (max !== null && list.length > max)
    throw adsError('INVALID_PARAMETER', `A maximum of ${max} items may be provided for ${key}`, key);
  return list;
}

type Item = { raw: Record<string, unknown>; id: string | null; data: ProductData | null; result: UpsertResult };

const error = (parameter: string, message: string): FieldError => ({ code: 'INVALID_PARAMETER', message, parameter });

/**
 * "id: unique per item; duplicates in one request are all ignored; unknown id creates, known id
 * updates" (seed). Every product is answered in request order: `CREATE_SUCCESS` / `UPDATE_SUCCESS` /
 * `NO_CHANGE` / `ERROR` (States and transitions) with its `warnings` and `errors` (Errors §5). An
 * ERROR product stores nothing; the others are stored together in one transaction.
 */
export async function upsertProducts(deps: Deps, catalog: CatalogRow, body: unknown): Promise<UpsertResult[]> {
  const list = bodyArray(body, 'products', MAX_UPSERT);
  const items: Item[] = list.map((raw) => {
    const checked = checkProduct(raw);
    const r = isObject(raw) ? raw : {};
    const id = typeof r.id === 'string' && r.id !== '' ? r.id : null;
    return {
      raw: r,
      id,
      data: checked.data,
      result: { warnings: checked.warnings, errors: checked.errors, product_key: null, id, status: 'ERROR' },
    };
  });

  // Duplicate ids: "If there are multiple instances of the same ID, all instances will be ignored" (docs).
  const counts = new Map<string, number>();
  for (const it of items) if (it.id !== null) counts.set(it.id, (counts.get(it.id) ?? 0) + 1);
  for (const it of items) {
    const n = it.id === null ? 1 : counts.get(it.id)!;
    if (n > 1)
      it.result.errors.push(error('id', `id ${it.id} appears ${n} times in this request; every instance is ignored`));
  }

  const stored = new Map(
    (await repo.productsByIds(deps.db, catalog.id, [...counts.keys()])).map((row) => [row.id, row] as const),
  );
  for (const it of items) {
    const key = it.raw.product_key;
    const row = it.id === null ? undefined : stored.get(it.id);
    if (row) it.result.product_key = row.product_key;
    // product_key is X's (docs): when given, it must be the key of the stored product with this id.
    if (key !== undefined && key !== null && key !== '' && key !== row?.product_key)
      it.result.errors.push(
        error(
          'product_key',
          row
            ? `product_key ${String(key)} is not the key of product ${it.id} (${row.product_key})`
            : `product_key ${String(key)} was not found in product catalog ${catalog.id}`,
        ),
      );
  }

  await checkVariants(deps, catalog, items);

  const now = deps.clock.now();
  await deps.db.tx(async (tx) => {
    const groupKeys = new Map<string, string>();
    const groupKey = async (groupId: string | null): Promise<string | null> => {
      if (groupId === null) return null;
      let key = groupKeys.get(groupId) ?? (await repo.groupKeyOf(tx, catalog.id, groupId));
      key ??= deps.ids.next();
      groupKeys.set(groupId, key);
      return key;
    };
    for (const it of items) {
      if (it.result.errors.length || !it.data) continue;
      const data = JSON.stringify(it.data);
      const groupId = it.data.item_group_id as string | null;
      const before = stored.get(it.id!);
      if (before && before.data === data) {
        it.result.status = 'NO_CHANGE';
        continue;
      }
      const row: ProductRow = {
        product_key: before?.product_key ?? deps.ids.next(),
        catalog_id: catalog.id,
        id: it.id!,
        title: it.data.title as string,
        item_group_id: groupId,
        item_group_key:
          before && before.item_group_id === groupId && before.item_group_key
            ? before.item_group_key
            : await groupKey(groupId),
        data,
        created_at: before?.created_at ?? now,
        updated_at: now,
      };
      if (before) await repo.updateProduct(tx, row);
      else await repo.insertProduct(tx, row);
      it.result.product_key = row.product_key;
      it.result.status = before ? 'UPDATE_SUCCESS' : 'CREATE_SUCCESS';
    }
  });
  return items.map((it) => it.result);
}

/**
 * "item_group_id: required when the product has variants" (seed). A product has variants when another
 * product of the catalog or of this request has its title and differs in size, color, age_group or
 * gender (the docs: an item group "groups product variants together (size, color, age_group,
 * gender)"); such a product without an item_group_id is refused.
 */
async function checkVariants(deps: Deps, catalog: CatalogRow, items: Item[]) {
  const valid = items.filter((it) => it.data && !it.result.errors.length);
  const titles = [...new Set(valid.map((it) => it.data!.title as string))];
  const byId = new Map<string, ProductData>();
  for (const row of await repo.productsByTitles(deps.db, catalog.id, titles))
    byId.set(row.id, { ...(JSON.parse(row.data) as ProductData) });
  for (const it of valid) byId.set(it.id!, it.data!);
  const others = [...byId.values()];
  for (const it of valid) {
    if (it.data!.item_group_id !== null) continue;
    const variant = others.find((o) => areVariants(it.data!, o));
    if (variant)
      it.result.errors.push({
        code: 'MISSING_PARAMETER',
        message: `item_group_id is required when the product has variants (product ${String(variant.id)} has this title)`,
        parameter: 'item_group_id',
      });
  }
}

export type DeleteResult = { product_key: string; failed_product_key: string | null; message: string | null };

/**
 * Permanent delete by X's product keys (seed; docs: `{product_keys: [...]}`): each key answered in
 * order, `failed_product_key` and `message` set when it could not be deleted (Errors §5).
 */
export async function deleteProducts(deps: Deps, catalog: CatalogRow, body: unknown): Promise<DeleteResult[]> {
  const keys = bodyArray(body, 'product_keys', null);
  const bad: AdsError[] = keys.flatMap((k, i) =>
    typeof k === 'string' && k !== ''
      ? []
      : [
          {
            code: 'INVALID_PARAMETER' as const,
            message: `Expected a string for product_keys[${i}]`,
            parameter: 'product_keys',
          },
        ],
  );
  if (bad.length) throw adsError(bad[0]!.code, bad[0]!.message, bad[0]!.parameter);
  const given = keys as string[];
  return deps.db.tx(async (tx) => {
    const found = new Set((await repo.productsByKeys(tx, catalog.id, given)).map((r) => r.product_key));
    const out: DeleteResult[] = [];
    for (const key of given) {
      if (found.delete(key)) {
        await repo.deleteProduct(tx, key);
        out.push({ product_key: key, failed_product_key: null, message: null });
      } else
        out.push({
          product_key: key,
          failed_product_key: key,
          message: `Product key ${key} was not found in product catalog ${catalog.id}`,
        });
    }
    return out;
  });
}

/** The catalog's products, for product sets (their filters and keys are evaluated against them). */
export async function catalogProducts(deps: Deps, catalogId: string) {
  return (await repo.allProducts(deps.db, catalogId)).map((row) => ({
    product_key: row.product_key,
    data: JSON.parse(row.data) as ProductData,
  }));
}

export async function productKeysFound(deps: Deps, catalogId: string, keys: string[]): Promise<Set<string>> {
  return new Set((await repo.productsByKeys(deps.db, catalogId, keys)).map((r) => r.product_key));
}
