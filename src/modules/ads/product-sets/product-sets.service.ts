// Product sets of a catalog (seed: get and create; notes §11: the create body, update "not supported"
// for FILTERED sets, permanent delete). MANUAL sets hold X's product keys; FILTERED sets hold filters
// (product-sets.rules.ts). `product_ids` are computed from the catalog's products at every read, so
// they follow the data: a deleted product leaves a MANUAL set, a price change moves a product in or
// out of a FILTERED one.
//
// processing_status (DONE | PROCESSING | FAILED, notes §11) on the service clock: the docs give it
// for "product set creation when using FILTERED type", so a FILTERED set is PROCESSING for
// PROCESSING_MS after it is made (Aviary's figure; the real duration is not documented), and lists no
// product_ids until DONE. MANUAL sets are DONE at once (the docs' MANUAL example).
import type { Deps } from '../../../deps.js';
import { adsError, adsErrors, notFound, type AdsError } from '../kit/errors.js';
import type { CatalogRow } from '../product-catalogs/index.js';
import { catalogProducts, productKeysFound } from '../products/index.js';
import * as repo from './product-sets.repo.js';
import type { ProductSetRow } from './product-sets.repo.js';
import { matchesAll, readFilters, type Filter } from './product-sets.rules.js';
import { productSetView, type ProcessingStatus } from './product-sets.view.js';

export const PROCESSING_MS = 60_000;
const TYPES = ['MANUAL', 'FILTERED'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const err = (code: AdsError['code'], parameter: string, message: string): AdsError => ({ code, message, parameter });

function statusOf(deps: Deps, r: ProductSetRow): ProcessingStatus {
  return r.type === 'FILTERED' && deps.clock.now() < r.created_at + PROCESSING_MS ? 'PROCESSING' : 'DONE';
}

async function render(deps: Deps, r: ProductSetRow) {
  const status = statusOf(deps, r);
  let ids: string[] = [];
  if (status === 'DONE') {
    const products = await catalogProducts(deps, r.catalog_id);
    if (r.type === 'FILTERED') {
      const filters = JSON.parse(r.filters) as Filter[];
      ids = products.filter((p) => matchesAll(p.data, filters)).map((p) => p.data.id as string);
    } else {
      const byKey = new Map(products.map((p) => [p.product_key, p.data.id as string]));
      ids = (JSON.parse(r.product_keys) as string[]).flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
    }
  }
  return productSetView(r, ids, status);
}

/** A text field of the body: absent is undefined; anything but a string (or null for optional) is refused. */
function text(body: Record<string, unknown>, key: string, errors: AdsError[], o: { required: boolean; max?: number }) {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (o.required) errors.push(err('MISSING_PARAMETER', key, `"${key}" is a required parameter`));
    return v === null || v === '' ? null : undefined;
  }
  if (typeof v !== 'string') {
    errors.push(err('INVALID_PARAMETER', key, `Expected a string for ${key}, got ${JSON.stringify(v)}`));
    return undefined;
  }
  return v;
}

/** `product_keys`: a non-empty array of X's keys, each of a product of the catalog. */
async function readKeys(deps: Deps, catalog: CatalogRow, v: unknown, errors: AdsError[]): Promise<string[] | null> {
  if (!Array.isArray(v) || v.length === 0 || !v.every((k) => typeof k === 'string' && k !== '')) {
    errors.push(
      err('INVALID_PARAMETER', 'product_keys', 'Expected a non-empty array of product keys for product_keys'),
    );
    return null;
  }
  const keys = [...new Set(v as string[])];
  const found = await productKeysFound(deps, catalog.id, keys);
  const missing = keys.filter((k) => !found.has(k));
  if (missing.length)
    errors.push(
      err(
        'INVALID_PARAMETER',
        'product_keys',
        `Product keys ${missing.join(', ')} were not found in product catalog ${catalog.id}`,
      ),
    );
  return keys;
}

export async function getProductSet(deps: Deps, catalog: CatalogRow, id: string) {
  return render(deps, await requireSet(deps, catalog, id));
}

async function requireSet(deps: Deps, catalog: CatalogRow, id: string) {
  const row = /^\d{1,19}$/.test(id) ? await repo.productSetById(deps.db, catalog.id, id) : undefined;
  if (!row) throw notFound('Product Set', id, null, 'product_set_id');
  return row;
}

/** POST: `{name, description?, type: MANUAL|FILTERED, product_keys? (MANUAL), filters? (FILTERED)}` (notes §11). */
export async function createProductSet(deps: Deps, catalog: CatalogRow, body: unknown) {
  const b = isObject(body) ? body : {};
  const errors: AdsError[] = [];
  const name = text(b, 'name', errors, { required: true });
  const description = text(b, 'description', errors, { required: false });
  const type = b.type;
  let filters: Filter[] = [];
  let keys: string[] = [];
  if (type === undefined || type === null)
    errors.push(err('MISSING_PARAMETER', 'type', '"type" is a required parameter'));
  else if (!(TYPES as readonly unknown[]).includes(type))
    errors.push(
      err('INVALID_PARAMETER', 'type', `Expected a value in MANUAL, FILTERED, got ${JSON.stringify(type)} for type`),
    );
  else if (type === 'MANUAL') {
    // "product_keys: required when type is MANUAL"; filters belong to FILTERED sets.
    if (b.filters !== undefined)
      errors.push(err('INVALID_PARAMETER', 'filters', 'filters apply to FILTERED product sets only'));
    if (b.product_keys === undefined)
      errors.push(err('MISSING_PARAMETER', 'product_keys', '"product_keys" is a required parameter'));
    else keys = (await readKeys(deps, catalog, b.product_keys, errors)) ?? [];
  } else {
    // "filters: required when type is FILTERED".
    if (b.product_keys !== undefined)
      errors.push(err('INVALID_PARAMETER', 'product_keys', 'product_keys apply to MANUAL product sets only'));
    if (b.filters === undefined) errors.push(err('MISSING_PARAMETER', 'filters', '"filters" is a required parameter'));
    else {
      const read = readFilters(b.filters);
      errors.push(...read.errors);
      filters = read.filters;
    }
  }
  if (errors.length) throw adsErrors(errors);
  const now = deps.clock.now();
  const row: ProductSetRow = {
    id: deps.ids.next(),
    catalog_id: catalog.id,
    name: name!,
    description: description ?? null,
    type: type as ProductSetRow['type'],
    filters: JSON.stringify(filters),
    product_keys: JSON.stringify(keys),
    created_at: now,
    updated_at: now,
  };
  await deps.db.tx((tx) => repo.insertProductSet(tx, row));
  return render(deps, row);
}

/** PUT: name, description, product_keys; "Updating FILTERED product sets is not supported" (notes §11). */
export async function updateProductSet(deps: Deps, catalog: CatalogRow, id: string, body: unknown) {
  const before = await requireSet(deps, catalog, id);
  if (before.type === 'FILTERED')
    throw adsError('INVALID_PARAMETER', 'Updating FILTERED product sets is not supported', 'type');
  const b = isObject(body) ? body : {};
  const errors: AdsError[] = [];
  const name = text(b, 'name', errors, { required: false });
  if (name === null) errors.push(err('INVALID_PARAMETER', 'name', 'name may not be blank'));
  const description = text(b, 'description', errors, { required: false });
  const keys = b.product_keys === undefined ? undefined : await readKeys(deps, catalog, b.product_keys, errors);
  for (const k of ['type', 'filters'])
    if (b[k] !== undefined) errors.push(err('INVALID_PARAMETER', k, `${k} cannot be changed on a product set`));
  if (errors.length) throw adsErrors(errors);
  const row: ProductSetRow = {
    ...before,
    name: name ?? before.name,
    description: description === undefined ? before.description : description,
    product_keys: keys ? JSON.stringify(keys) : before.product_keys,
    updated_at: deps.clock.now(),
  };
  await deps.db.tx((tx) => repo.updateProductSet(tx, row));
  return render(deps, row);
}

/** Permanent (notes §11): answers the set as it was, without a `deleted` flag (the docs' example). */
export async function deleteProductSet(deps: Deps, catalog: CatalogRow, id: string) {
  const row = await requireSet(deps, catalog, id);
  const view = await render(deps, row);
  await deps.db.tx((tx) => repo.deleteProductSet(tx, row.id));
  return view;
}
