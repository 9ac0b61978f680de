// Scheduled promoted posts (notes §8.5): list, get, create, delete.
import type { Deps } from '../../../deps.js';
import { bool, id, required, withDefault } from '../../../http/input.js';
import { id36, ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as spt from './scheduled-promoted-tweets.service.js';

const A = 'accounts/:account_id';
const ONE = `${A}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`;

export function scheduledPromotedTweetsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    `${A}/scheduled_promoted_tweets`,
    {
      sortable: ['created_at', 'updated_at', 'deleted'],
      params: { line_item_ids: ids36({ max: 200 }), scheduled_promoted_tweet_ids: ids36({ max: 200 }) },
    },
    (ctx, p, q) => spt.listScheduledPromotedTweets(deps, ctx.account!, p, q),
  );
  r.get(ONE, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx, p) => ({
    data: await spt.getScheduledPromotedTweet(
      deps,
      ctx.account!,
      ctx.path.scheduled_promoted_tweet_id!,
      p.with_deleted,
    ),
  }));
  // A single object, unlike POST promoted_tweets (notes §8.5).
  r.post(
    `${A}/scheduled_promoted_tweets`,
    { params: { line_item_id: required(id36()), scheduled_tweet_id: required(id()) } },
    async (ctx, p) => ({ data: await spt.createScheduledPromotedTweet(deps, ctx.account!, p) }),
  );
  r.delete(ONE, {}, async (ctx) => ({
    data: await spt.deleteScheduledPromotedTweet(deps, ctx.account!, ctx.path.scheduled_promoted_tweet_id!),
  }));
}
