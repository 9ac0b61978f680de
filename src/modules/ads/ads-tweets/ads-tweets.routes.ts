// Posts made through the Ads API (seed "Creatives"; notes §9.3): POST tweet, GET tweets, PUT name.
import type { Deps } from '../../../deps.js';
import { bool, ids, id, int, oneOf, required, str, withDefault } from '../../../http/input.js';
import type { AdsRouter } from '../kit/router.js';
import { NAME_MAX } from './ads-tweets.rules.js';
import { NEW_CONTENT } from './ads-tweets.schema.js';
import * as tweets from './ads-tweets.service.js';

const A = 'accounts/:account_id';

export function adsTweetsRoutes(r: AdsRouter, deps: Deps, readers: tweets.UnpublishedReaders) {
  r.post(
    `${A}/tweet`,
    {
      params: {
        ...NEW_CONTENT,
        conversation_settings: oneOf(['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS']),
        trim_user: withDefault(bool(), false),
        tweet_mode: oneOf(['compat', 'extended']),
        video_cta: oneOf(['VISIT_SITE', 'WATCH_NOW']),
        video_cta_value: str(),
        video_description: str({ max: 200 }),
        video_title: str({ max: 70 }),
      },
    },
    async (ctx, p) => ({ data: await tweets.postTweet(deps, ctx.account!, ctx.caller, p) }),
  );
  r.get(
    `${A}/tweets`,
    {
      params: {
        tweet_type: required(oneOf(['DRAFT', 'PUBLISHED', 'SCHEDULED'])),
        count: withDefault(int({ min: 1, max: 1000 }), 200),
        cursor: str({ pattern: /^\d{1,19}$/ }),
        include_mentions_and_replies: withDefault(bool(), false),
        name: str({ max: NAME_MAX }),
        timeline_type: withDefault(oneOf(['ALL', 'NULLCAST', 'ORGANIC']), 'NULLCAST'),
        trim_user: withDefault(bool(), false),
        tweet_ids: ids({ max: 200 }),
        user_id: id(),
      },
    },
    async (ctx, p) => tweets.listTweets(deps, ctx.account!, p, readers),
  );
  r.put(`${A}/tweets/:tweet_id/name`, { params: { name: required(str({ max: NAME_MAX })) } }, async (ctx, p) => ({
    data: await tweets.nameTweet(deps, ctx.account!, ctx.path.tweet_id!, p.name),
  }));
}
