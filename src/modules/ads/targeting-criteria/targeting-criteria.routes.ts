// Targeting criteria and the locations catalog (notes §8.4, §13).
import type { Deps } from '../../../deps.js';
import type { AdsRouter } from '../kit/router.js';
import { runBatch } from './targeting-criteria.batch.js';
import * as schema from './targeting-criteria.schema.js';
import * as criteria from './targeting-criteria.service.js';

const A = 'accounts/:account_id';

export function targetingCriteriaRoutes(r: AdsRouter, deps: Deps) {
  r.list(`${A}/targeting_criteria`, { sortable: schema.SORTABLE, params: schema.LIST }, (ctx, p, q) =>
    criteria.listCriteria(deps, ctx.account!, p, q),
  );
  r.get(`${A}/targeting_criteria/:targeting_criterion_id`, { params: schema.GET }, async (ctx, p) => ({
    data: await criteria.getCriterion(deps, ctx.account!, ctx.path.targeting_criterion_id!, p),
  }));
  r.post(`${A}/targeting_criteria`, { params: schema.CREATE }, async (ctx, p) => ({
    data: await criteria.createCriterion(deps, ctx.account!, ctx.caller.userId, p),
  }));
  r.delete(`${A}/targeting_criteria/:targeting_criterion_id`, {}, async (ctx) => ({
    data: await criteria.deleteCriterion(deps, ctx.account!, ctx.caller.userId, ctx.path.targeting_criterion_id!),
  }));
  r.post('batch/accounts/:account_id/targeting_criteria', { json: true }, async (ctx) => ({
    data: await runBatch(deps, ctx.account!, ctx.caller.userId, ctx.body, ctx.echoBatch),
  }));
  // No account in the path; the documented parameters are count, cursor, country_code, location_type, q.
  r.list(
    'targeting_criteria/locations',
    { sortable: ['name'], noDeleted: true, noTotalCount: true, params: schema.LOCATIONS },
    async (_ctx, p, q) => criteria.listLocations(p, q),
  );
}
