// Do-not-reach lists (seed "Audiences"; notes §10.4): list (with_deleted; the common list parameters
// too), create (`description`; the name is fixed), delete, and the users batch. The docs show no
// GET of one list: an account has at most one, and the list call shows it.
import type { Deps } from '../../../deps.js';
import { str } from '../../../http/input.js';
import type { AdsRouter } from '../kit/router.js';
import { runUsersBatch } from './do-not-reach-lists.batch.js';
import * as dnr from './do-not-reach-lists.service.js';

const A = 'accounts/:account_id';
// Sortable attributes are not documented for this list; these are the ones every Ads list shares.
const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export function doNotReachListsRoutes(r: AdsRouter, deps: Deps) {
  r.list(`${A}/do_not_reach_lists`, { sortable: SORTABLE }, (ctx, _p, q) => dnr.listDnrLists(deps, ctx.account!, q));
  r.post(`${A}/do_not_reach_lists`, { params: { description: str({ max: 255 }) } }, async (ctx, p) => ({
    data: await dnr.createDnrList(deps, ctx.account!, p),
  }));
  r.delete(`${A}/do_not_reach_lists/:do_not_reach_list_id`, {}, async (ctx) => ({
    data: await dnr.deleteDnrList(deps, ctx.account!, ctx.path.do_not_reach_list_id!),
  }));
  r.post('batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users', { json: true }, async (ctx) => ({
    data: await runUsersBatch(deps, ctx.account!, ctx),
  }));
}
