// Line item curated categories (seed "Line item curated categories"; DOCS campaign-management
// reference): list, get, create, update, delete.
import type { Deps } from '../../../deps.js';
import { bool, required, withDefault } from '../../../http/input.js';
import { id36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as service from './line-item-curated-categories.service.js';

const ALL = 'accounts/:account_id/line_item_curated_categories';
const ONE = `${ALL}/:line_item_curated_category_id`;
/** Curated category ids are base-36 like other Ads ids (`9ddrgesiap6o`, DOCS). */
const IDS = { line_item_id: id36(), curated_category_id: id36() };

/** Not listed for this resource in the docs' sorting page; Aviary offers the attributes every entity has. */
const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export function lineItemCuratedCategoriesRoutes(r: AdsRouter, deps: Deps) {
  r.list(ALL, { sortable: SORTABLE }, (ctx, _p, q) => service.list(deps, ctx.account!, q));
  r.get(ONE, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx, p) => ({
    data: await service.get(deps, ctx.account!, ctx.path.line_item_curated_category_id!, p.with_deleted),
  }));
  r.post(
    ALL,
    { params: { line_item_id: required(IDS.line_item_id), curated_category_id: required(IDS.curated_category_id) } },
    async (ctx, p) => ({ data: await service.create(deps, ctx.account!, p) }),
  );
  r.put(ONE, { params: IDS }, async (ctx, p) => ({
    data: await service.update(deps, ctx.account!, ctx.path.line_item_curated_category_id!, p),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await service.remove(deps, ctx.account!, ctx.path.line_item_curated_category_id!),
  }));
}
