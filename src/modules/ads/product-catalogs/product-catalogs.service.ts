// Product catalogs (seed "Product catalogs (early access)"): one catalog per user, holding all of the
// user's products; `user_id` names the user operated for (default the caller). Catalogs are not
// entities of an ad account, so account history (kit/history.ts, whose entity types the seed lists)
// records nothing of them.
//
// Early access: the seed says only that catalog endpoints are early access (Versioning 4) and the wire
// notes say nothing of what a caller without that access gets, unlike account history, which Aviary
// allow-lists per account. So Aviary serves the catalog endpoints to every caller.
import type { Deps } from '../../../deps.js';
import { adsError, notFound } from '../kit/errors.js';
import * as repo from './product-catalogs.repo.js';
import type { CatalogRow } from './product-catalogs.repo.js';
import { catalogView } from './product-catalogs.view.js';

/** The user operated for: `user_id` when the caller may act for them, else the caller. */
async function operatedUser(deps: Deps, callerId: string, userId: string | undefined): Promise<string> {
  if (userId === undefined || userId === callerId) return callerId;
  if (!(await repo.mayOperateFor(deps.db, callerId, userId)))
    throw adsError('INVALID_USER_ID', `User ${callerId} may not operate for user ${userId}`, 'user_id');
  return userId;
}

/**
 * The catalog, when the caller may operate for its user; 404 otherwise, as for an unknown one (the
 * `NOT_FOUND` wording of notes §3.2). Products and product sets start here.
 */
export async function requireCatalog(deps: Deps, callerId: string, id: string): Promise<CatalogRow> {
  const row = /^\d{1,19}$/.test(id) ? await repo.catalogById(deps.db, id) : undefined;
  if (!row || !(await repo.mayOperateFor(deps.db, callerId, row.user_id)))
    throw notFound('Product Catalog', id, null, 'product_catalog_id');
  return row;
}

export async function listCatalogs(deps: Deps, callerId: string, p: { user_id?: string }) {
  const user = await operatedUser(deps, callerId, p.user_id);
  const row = await repo.catalogOfUser(deps.db, user);
  return row ? [catalogView(row)] : [];
}

/** "One user can only create one catalog that holds all products" (docs; seed: one catalog per user). */
export async function createCatalog(deps: Deps, callerId: string, p: { name: string; user_id?: string }) {
  const user = await operatedUser(deps, callerId, p.user_id);
  const row = await deps.db.tx(async (tx) => {
    const existing = await repo.catalogOfUser(tx, user);
    if (existing)
      throw adsError(
        'INVALID_PARAMETER',
        `User ${user} already has product catalog ${existing.id}: one catalog per user`,
        'user_id',
      );
    const now = deps.clock.now();
    const made: CatalogRow = { id: deps.ids.next(), user_id: user, name: p.name, created_at: now, updated_at: now };
    await repo.insertCatalog(tx, made);
    return made;
  });
  return catalogView(row);
}

export async function renameCatalog(deps: Deps, callerId: string, id: string, name: string) {
  const row = await requireCatalog(deps, callerId, id);
  const now = deps.clock.now();
  await deps.db.tx((tx) => repo.renameCatalog(tx, row.id, name, now));
  return catalogView({ ...row, name, updated_at: now });
}

/** Permanent (seed): the catalog, its products and its product sets are gone; answers the catalog. */
export async function deleteCatalog(deps: Deps, callerId: string, id: string) {
  const row = await requireCatalog(deps, callerId, id);
  await deps.db.tx((tx) => repo.deleteCatalog(tx, row.id));
  return catalogView(row);
}
