// Promoted posts (notes §8.5). Scheduled promoted posts need scheduled posts, which come with the
// creatives: not served yet.
import type { Deps } from '../../../deps.js';
import { bool, ids, required, withDefault } from '../../../http/input.js';
import { id36, ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as promoted from './promoted-tweets.service.js';

const A = 'accounts/:account_id';
const SORTABLE = ['created_at', 'updated_at', 'deleted', 'paused'] as const;

export function promotedTweetsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    `${A}/promoted_tweets`,
    {
      sortable: SORTABLE,
      params: { line_item_ids: ids36({ max: 200 }), promoted_tweet_ids: ids36({ max: 200 }) },
    },
    (ctx, p, q) => promoted.listPromotedTweets(deps, ctx.account!, p, q),
  );
  r.get(
    `${A}/promoted_tweets/:promoted_tweet_id`,
    { params: { with_deleted: withDefault(bool(), false) } },
    async (ctx, p) => ({
      data: await promoted.getPromotedTweet(deps, ctx.account!, ctx.path.promoted_tweet_id!, p.with_deleted),
    }),
  );
  // `data` is an array with `total_count`, unasked (notes §3.1, §8.5); post ids are numeric strings.
  r.post(
    `${A}/promoted_tweets`,
    { params: { line_item_id: required(id36()), tweet_ids: required(ids({ max: 50 })) } },
    async (ctx, p) => {
      const data = await promoted.createPromotedTweets(deps, ctx.account!, ctx.caller.userId, p);
      return { data, total_count: data.length };
    },
  );
  r.delete(`${A}/promoted_tweets/:promoted_tweet_id`, {}, async (ctx) => ({
    data: await promoted.deletePromotedTweet(deps, ctx.account!, ctx.caller.userId, ctx.path.promoted_tweet_id!),
  }));
}
