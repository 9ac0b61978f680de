// Draft posts (notes §9.2): list, get, create, update, delete, preview.
import type { Deps } from '../../../deps.js';
import { id } from '../../../http/input.js';
import { CHANGED_CONTENT, NEW_CONTENT } from '../ads-tweets/index.js';
import type { AdsRouter } from '../kit/router.js';
import * as drafts from './draft-tweets.service.js';

const A = 'accounts/:account_id';
const ONE = `${A}/draft_tweets/:draft_tweet_id`;

export function draftTweetsRoutes(r: AdsRouter, deps: Deps) {
  // count 1–200, default 100 (notes §4); deleted drafts are gone (hard delete), so no with_deleted.
  r.list(
    `${A}/draft_tweets`,
    {
      sortable: ['created_at', 'updated_at'],
      count: { default: 100, max: 200 },
      noDeleted: true,
      params: { user_id: id() },
    },
    (ctx, p, q) => drafts.listDraftTweets(deps, ctx.account!, p, q),
  );
  r.get(ONE, {}, async (ctx) => ({ data: await drafts.getDraftTweet(deps, ctx.account!, ctx.path.draft_tweet_id!) }));
  r.post(`${A}/draft_tweets`, { params: NEW_CONTENT }, async (ctx, p) => ({
    data: await drafts.createDraftTweet(deps, ctx.account!, ctx.caller.userId, p),
  }));
  r.put(ONE, { params: CHANGED_CONTENT }, async (ctx, p) => ({
    data: await drafts.updateDraftTweet(deps, ctx.account!, ctx.caller.userId, ctx.path.draft_tweet_id!, p),
  }));
  r.delete(ONE, {}, async (ctx) => ({
    data: await drafts.deleteDraftTweet(deps, ctx.account!, ctx.path.draft_tweet_id!),
  }));
  // No `data`: the answer is the request and a message (notes §9.2).
  r.post(`${A}/draft_tweets/preview/:draft_tweet_id`, {}, async (ctx) => ({
    data: undefined,
    message: await drafts.previewDraftTweet(deps, ctx.account!, ctx.path.draft_tweet_id!),
  }));
}
