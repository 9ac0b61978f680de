// Line items (seed "Line items"; notes §8.3, §13): list with every filter, get, create, update,
// delete, and the batch.
import type { Deps } from '../../../deps.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { runBatch } from './line-items.batch.js';
import { CREATE_LINE_ITEM, FILTERS, SORTABLE, UPDATE_LINE_ITEM, WITH_DELETED } from './line-items.schema.js';
import * as lineItems from './line-items.service.js';

const ONE = 'accounts/:account_id/line_items/:line_item_id';

export function lineItemsRoutes(r: AdsRouter, deps: Deps) {
  const writer = (ctx: AdsContext): lineItems.Writer => ({ deps, account: ctx.account!, userId: ctx.caller.userId });

  r.list('accounts/:account_id/line_items', { sortable: SORTABLE, params: FILTERS }, (ctx, p, q) =>
    lineItems.listLineItems(deps, ctx.account!, p, q),
  );
  r.get(ONE, { params: WITH_DELETED }, async (ctx, p) => ({
    data: await lineItems.getLineItem(deps, ctx.account!, ctx.path.line_item_id!, p.with_deleted),
  }));
  r.post('accounts/:account_id/line_items', { params: CREATE_LINE_ITEM }, async (ctx, p) => ({
    data: await lineItems.createLineItem(writer(ctx), p),
  }));
  r.put(ONE, { params: UPDATE_LINE_ITEM }, async (ctx, p) => ({
    data: await lineItems.updateLineItem(writer(ctx), ctx.path.line_item_id!, p),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await lineItems.deleteLineItem(writer(ctx), ctx.path.line_item_id!),
  }));
  r.post('batch/accounts/:account_id/line_items', { json: true }, async (ctx) => ({
    data: await runBatch(writer(ctx), ctx),
  }));
}
