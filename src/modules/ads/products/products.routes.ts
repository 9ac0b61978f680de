// Products of a catalog (seed "Product catalogs (early access)"): list, batch upsert and batch delete.
// The upsert and delete take JSON bodies (seed; notes §1) and answer objects under `data` (docs).
import type { Deps } from '../../../deps.js';
import { str } from '../../../http/input.js';
import type { AdsRouter } from '../kit/router.js';
import { requireCatalog } from '../product-catalogs/index.js';
import * as products from './products.service.js';

const PATH = 'product_catalogs/:product_catalog_id/products';

export function productsRoutes(r: AdsRouter, deps: Deps) {
  // "item_group_key, count (default 100, 1 to 100), cursor" (seed); no deleted products (deletes are
  // permanent) and no total count are documented. Sorted by submission time, the only order shown.
  r.list(
    PATH,
    {
      sortable: ['created_at'],
      count: { default: 100, max: 100 },
      noDeleted: true,
      noTotalCount: true,
      params: { item_group_key: str({ min: 1 }) },
    },
    async (ctx, p, q) => {
      const catalog = await requireCatalog(deps, ctx.caller.userId, ctx.path.product_catalog_id!);
      return products.listProducts(deps, catalog, p, q);
    },
  );
  r.put(PATH, { json: true }, async (ctx) => {
    const catalog = await requireCatalog(deps, ctx.caller.userId, ctx.path.product_catalog_id!);
    return { data: { products_response: await products.upsertProducts(deps, catalog, ctx.body) } };
  });
  r.delete(PATH, { json: true }, async (ctx) => {
    const catalog = await requireCatalog(deps, ctx.caller.userId, ctx.path.product_catalog_id!);
    const result = await products.deleteProducts(deps, catalog, ctx.body);
    // The docs echo the keys asked for.
    ctx.echo.product_keys = result.map((x) => x.product_key);
    return { data: { delete_products: result } };
  });
}
