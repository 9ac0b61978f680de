// Product sets (seed "Product catalogs (early access)"; notes §11): create, get, update, delete, JSON
// bodies. The by-id calls echo the set as `id` and every call echoes the body's fields (docs).
import type { Deps } from '../../../deps.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { requireCatalog } from '../product-catalogs/index.js';
import * as sets from './product-sets.service.js';

const PATH = 'product_catalogs/:product_catalog_id/product_sets';
const ONE = `${PATH}/:product_set_id`;

function echoBody(ctx: AdsContext) {
  if (typeof ctx.body === 'object' && ctx.body !== null && !Array.isArray(ctx.body))
    for (const [k, v] of Object.entries(ctx.body)) if (!(k in ctx.echo)) ctx.echo[k] = v;
}

/** The docs echo the path's set as `id`. */
function setId(ctx: AdsContext): string {
  const id = ctx.path.product_set_id!;
  delete ctx.echo.product_set_id;
  ctx.echo.id = id;
  return id;
}

export function productSetsRoutes(r: AdsRouter, deps: Deps) {
  const catalog = (ctx: AdsContext) => requireCatalog(deps, ctx.caller.userId, ctx.path.product_catalog_id!);
  r.post(PATH, { json: true }, async (ctx) => {
    echoBody(ctx);
    return { data: await sets.createProductSet(deps, await catalog(ctx), ctx.body) };
  });
  r.get(ONE, {}, async (ctx) => ({ data: await sets.getProductSet(deps, await catalog(ctx), setId(ctx)) }));
  r.put(ONE, { json: true }, async (ctx) => {
    const id = setId(ctx);
    echoBody(ctx);
    return { data: await sets.updateProductSet(deps, await catalog(ctx), id, ctx.body) };
  });
  r.delete(ONE, {}, async (ctx) => ({ data: await sets.deleteProductSet(deps, await catalog(ctx), setId(ctx)) }));
}
