// Campaigns (notes §8.2, §13): list with every filter, get, create, update, delete, and the batch.
import type { Deps } from '../../../deps.js';
import { bool, str, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { runBatch } from './campaigns.batch.js';
import { CREATE_CAMPAIGN, UPDATE_CAMPAIGN } from './campaigns.schema.js';
import * as campaigns from './campaigns.service.js';

/** Sortable attributes (notes §4, DOCS fundamentals/sorting.mdx). */
const SORTABLE = [
  'created_at',
  'updated_at',
  'deleted',
  'name',
  'start_time',
  'end_time',
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'standard_delivery',
] as const;

const FILTERS = {
  campaign_ids: ids36({ max: 200 }),
  funding_instrument_ids: ids36({ max: 200 }),
  // "Min, Max length: 1, 255" (developer.twitter.com, notes §8.2).
  q: str({ min: 1, max: 255 }),
  with_draft: withDefault(bool(), false),
};

const ONE = 'accounts/:account_id/campaigns/:campaign_id';

/** `lineItemSummaries`: line items' (line-items/index.ts), passed in by ads/index.ts (campaigns.service.ts). */
export function campaignsRoutes(r: AdsRouter, deps: Deps, lineItemSummaries: campaigns.LineItemSummaries) {
  const c: campaigns.Campaigns = { deps, lineItemSummaries };
  const writer = (ctx: AdsContext): campaigns.Writer => ({ ...c, account: ctx.account!, userId: ctx.caller.userId });

  r.list('accounts/:account_id/campaigns', { sortable: SORTABLE, params: FILTERS }, (ctx, p, q) =>
    campaigns.listCampaigns(c, ctx.account!, p, q),
  );
  r.get(ONE, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx, p) => ({
    data: await campaigns.getCampaign(c, ctx.account!, ctx.path.campaign_id!, p.with_deleted),
  }));
  r.post('accounts/:account_id/campaigns', { params: CREATE_CAMPAIGN }, async (ctx, p) => ({
    data: await campaigns.write(writer(ctx), (tx) => campaigns.createInTx(writer(ctx), tx, p)),
  }));
  r.put(ONE, { params: UPDATE_CAMPAIGN }, async (ctx, p) => ({
    data: await campaigns.write(writer(ctx), (tx) => campaigns.updateInTx(writer(ctx), tx, ctx.path.campaign_id!, p)),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await campaigns.write(writer(ctx), (tx) => campaigns.deleteInTx(writer(ctx), tx, ctx.path.campaign_id!)),
  }));
  r.post('batch/accounts/:account_id/campaigns', { json: true }, async (ctx) => ({
    data: await runBatch(writer(ctx), ctx),
  }));
}
