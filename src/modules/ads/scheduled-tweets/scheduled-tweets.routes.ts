// Scheduled posts (notes §9.1): list, get, create, update, delete.
import type { Deps } from '../../../deps.js';
import { id, required, time } from '../../../http/input.js';
import { CHANGED_CONTENT, NEW_CONTENT } from '../ads-tweets/index.js';
import type { AdsRouter } from '../kit/router.js';
import * as scheduled from './scheduled-tweets.service.js';

const A = 'accounts/:account_id';
const ONE = `${A}/scheduled_tweets/:scheduled_tweet_id`;

export function scheduledTweetsRoutes(r: AdsRouter, deps: Deps) {
  // count 1–200, default 100 (notes §4); deleted posts are gone (hard delete), so no with_deleted.
  r.list(
    `${A}/scheduled_tweets`,
    {
      sortable: ['created_at', 'updated_at', 'scheduled_at'],
      count: { default: 100, max: 200 },
      noDeleted: true,
      params: { user_id: id() },
    },
    (ctx, p, q) => scheduled.listScheduledTweets(deps, ctx.account!, p, q),
  );
  r.get(ONE, {}, async (ctx) => ({
    data: await scheduled.getScheduledTweet(deps, ctx.account!, ctx.path.scheduled_tweet_id!),
  }));
  r.post(`${A}/scheduled_tweets`, { params: { ...NEW_CONTENT, scheduled_at: required(time()) } }, async (ctx, p) => ({
    data: await scheduled.createScheduledTweet(deps, ctx.account!, ctx.caller, p),
  }));
  r.put(ONE, { params: { ...CHANGED_CONTENT, scheduled_at: time() } }, async (ctx, p) => ({
    data: await scheduled.updateScheduledTweet(deps, ctx.account!, ctx.caller.userId, ctx.path.scheduled_tweet_id!, p),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await scheduled.deleteScheduledTweet(deps, ctx.account!, ctx.path.scheduled_tweet_id!),
  }));
}
