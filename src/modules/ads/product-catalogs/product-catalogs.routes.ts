// Product catalogs (seed "Product catalogs (early access)"): list by user_id, create, rename, delete.
// The by-id calls echo the catalog as `id` (the docs' examples).
import type { Deps } from '../../../deps.js';
import { id, required, str } from '../../../http/input.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import * as catalogs from './product-catalogs.service.js';

const ONE = 'product_catalogs/:product_catalog_id';

/** The docs echo the path's catalog as `id`. */
function echoAsId(ctx: AdsContext): string {
  const catalogId = ctx.path.product_catalog_id!;
  delete ctx.echo.product_catalog_id;
  ctx.echo.id = catalogId;
  return catalogId;
}

export function productCatalogsRoutes(r: AdsRouter, deps: Deps) {
  // `data` is an array with `next_cursor: null` (the docs' example); a user has one catalog at most.
  r.get('product_catalogs', { params: { user_id: id() } }, async (ctx, p) => ({
    data: await catalogs.listCatalogs(deps, ctx.caller.userId, p),
    next_cursor: null,
  }));
  r.post('product_catalogs', { params: { name: required(str({ min: 1 })), user_id: id() } }, async (ctx, p) => ({
    data: await catalogs.createCatalog(deps, ctx.caller.userId, p),
  }));
  r.put(ONE, { params: { name: required(str({ min: 1 })) } }, async (ctx, p) => ({
    data: await catalogs.renameCatalog(deps, ctx.caller.userId, echoAsId(ctx), p.name),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await catalogs.deleteCatalog(deps, ctx.caller.userId, echoAsId(ctx)),
  }));
}
