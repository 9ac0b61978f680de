// The rate limits of every limited endpoint, in one table. v2 figures are the DOCS rate-limits table
// as the data API wire notes (data-api-wire-notes.md §10) copy it ("App / User", per 15 minutes unless
// noted); Ads figures are ads-api-wire-notes.md §5 (DOCS fundamentals/rate-limiting.mdx) and seed 001
// "Limits". An endpoint is `METHOD route template` as Fastify matched it (routeOptions.url); Ads paths
// drop their version segment, so /11/ and /12/ count together.

export const MINUTE = 60_000;
export const WINDOW_MS = 15 * MINUTE;
export const DAY_MS = 24 * 60 * MINUTE;

/** One counter: at most `limit` requests per `ms` (a window opens with the first request it counts). */
export type Window = { limit: number; ms: number };

/**
 * What one endpoint allows. `app` binds app-only callers, `user` each user token of an app (notes §10
 * "two pools"); `appDay` is the 24-hour cap of the whole app, every caller together (x-app-limit-24hour-*),
 * `userDay` one user's (x-user-limit-24hour-*); `perSecond` the extra one-request-a-second of full-archive
 * search. `account`: the Ads per-ad-account window (x-account-rate-limit-*).
 */
export type Limits = {
  app?: Window;
  user?: Window;
  appDay?: number;
  userDay?: number;
  perSecond?: boolean;
  account?: Window;
  /** Counter name shared by every endpoint of an Ads category (writes, audience users); else per endpoint. */
  category?: string;
};

const w15 = (limit: number): Window => ({ limit, ms: WINDOW_MS });
/** App / user per 15 minutes; null where the DOCS table says "—" (that pool is not limited). */
const au = (app: number | null, user: number | null, more: Limits = {}): Limits => ({
  ...(app === null ? {} : { app: w15(app) }),
  ...(user === null ? {} : { user: w15(user) }),
  ...more,
});

const USERS_LOOKUP = au(300, 900);
const ENGAGEMENT = au(75, 75); // liking_users, liked_tweets, retweeted_by, quote_tweets, retweets
const USER_WRITE = au(null, 50); // like/retweet/follow/mute writes
const FOLLOWS = au(300, 300);

/** v2 (DOCS rate-limits table, notes §10). */
export const V2_LIMITS: Record<string, Limits> = {
  'GET /2/tweets': au(3500, 5000),
  'GET /2/tweets/:id': au(450, 900),
  'GET /2/tweets/search/recent': au(450, 300),
  // "300 + 1/s / 1/s": 300 per 15 minutes and one a second for the app, one a second for a user.
  'GET /2/tweets/search/all': au(300, null, { perSecond: true }),
  'GET /2/tweets/counts/recent': au(300, null),
  'GET /2/tweets/counts/all': au(300, null),
  'GET /2/tweets/search/stream': au(50, null),
  'GET /2/tweets/search/stream/rules': au(450, null),
  'POST /2/tweets/search/stream/rules': au(100, null),
  // "10,000 per 24 h / 100": the app's day across its users, each user 100 per 15 minutes.
  'POST /2/tweets': au(null, 100, { appDay: 10_000 }),
  'DELETE /2/tweets/:id': au(null, 50),
  'GET /2/users/:id/tweets': au(10_000, 900),
  'GET /2/users/:id/mentions': au(450, 300),
  'GET /2/users/:id/timelines/reverse_chronological': au(null, 180),
  'GET /2/tweets/:id/liking_users': ENGAGEMENT,
  'GET /2/users/:id/liked_tweets': ENGAGEMENT,
  'GET /2/tweets/:id/retweeted_by': ENGAGEMENT,
  'GET /2/tweets/:id/quote_tweets': ENGAGEMENT,
  'GET /2/tweets/:id/retweets': ENGAGEMENT,
  // Likes also 1,000 per 24 hours per user.
  'POST /2/users/:id/likes': au(null, 50, { userDay: 1000 }),
  'DELETE /2/users/:id/likes/:tweet_id': au(null, 50, { userDay: 1000 }),
  'POST /2/users/:id/retweets': USER_WRITE,
  'DELETE /2/users/:id/retweets/:source_tweet_id': USER_WRITE,
  'POST /2/users/:id/following': USER_WRITE,
  'DELETE /2/users/:id/following/:target_user_id': USER_WRITE,
  'POST /2/users/:id/muting': USER_WRITE,
  'DELETE /2/users/:id/muting/:target_user_id': USER_WRITE,
  'GET /2/users': USERS_LOOKUP,
  'GET /2/users/:id': USERS_LOOKUP,
  'GET /2/users/by': USERS_LOOKUP,
  'GET /2/users/by/username/:username': USERS_LOOKUP,
  'GET /2/users/me': au(null, 75),
  'GET /2/users/:id/followers': FOLLOWS,
  'GET /2/users/:id/following': FOLLOWS,
  'GET /2/users/:id/blocking': au(null, 15),
  'GET /2/users/:id/muting': au(null, 15),
  'GET /2/dm_events': au(null, 15),
  'GET /2/dm_events/:id': au(null, 15),
  'GET /2/dm_conversations/:id/dm_events': au(null, 15),
  'GET /2/dm_conversations/with/:id/dm_events': au(null, 15),
  // DM create: 1,440 per 24 hours for the app; a user 15 per 15 minutes and 1,440 per 24 hours.
  'POST /2/dm_conversations': au(null, 15, { appDay: 1440, userDay: 1440 }),
  'POST /2/dm_conversations/:id/messages': au(null, 15, { appDay: 1440, userDay: 1440 }),
  'POST /2/dm_conversations/with/:id/messages': au(null, 15, { appDay: 1440, userDay: 1440 }),
  'GET /2/lists/:id': au(75, 75),
  'GET /2/users/:id/owned_lists': au(15, 15),
  'GET /2/lists/:id/tweets': au(900, 900),
  'GET /2/lists/:id/members': au(900, 900),
  'GET /2/users/:id/bookmarks': au(null, 180),
  'GET /2/usage/tweets': au(50, null),
  'GET /2/activity/stream': au(450, null),
  'GET /2/activity/subscriptions': au(500, null),
  'POST /2/activity/subscriptions': au(500, null),
  'PUT /2/activity/subscriptions/:subscription_id': au(500, null),
  'DELETE /2/activity/subscriptions/:subscription_id': au(500, null),
  'GET /2/webhooks': au(450, null),
  'POST /2/webhooks': au(450, null),
  'PUT /2/webhooks/:webhook_id': au(450, null),
  'DELETE /2/webhooks/:webhook_id': au(450, null),
  'POST /2/webhooks/replay': au(100, null),
  'DELETE /2/connections/all': au(25, 25),
};

/**
 * The authorization endpoints are "rate limited" (seed 000, Limits) with numbers "not shown"; no
 * public figure was found (notes §10 lists none). Aviary's own figure, per client address, so that the
 * endpoints answer their family's 429 (v1.1 code 88, OAuth 2.0 error) and a test can lower it.
 */
export const OAUTH_LIMIT: Window = w15(450);
export const OAUTH_ENDPOINTS = [
  'POST /oauth/request_token',
  'POST /oauth/access_token',
  'POST /oauth2/token',
  'POST /oauth2/invalidate_token',
  'POST /1.1/oauth/invalidate_token',
  'POST /1.1/oauth/invalidate_token.json',
  'POST /2/oauth2/token',
  'POST /2/oauth2/revoke',
];

// Ads (notes §5). Core entities count per ad account and endpoint (10,000 / 15 min); the partial
// account-level reads 2,000; other account reads 2,000 per user and endpoint.
const ADS_CORE = /^accounts\/:account_id\/(campaigns|line_items|promoted_tweets|targeting_criteria)(\/|$)/;
const ADS_PARTIAL =
  /^accounts\/:account_id\/(funding_instruments|promoted_accounts|scheduled_tweets|scheduled_promoted_tweets|web_event_tags)(\/|$)/;
const ADS_AUDIENCE_USERS = /^accounts\/:account_id\/custom_audiences\/:custom_audience_id\/users$/;

/** `with_total_count=true` requests: 200 per 15 minutes (seed 001 Limits; DOCS GET accounts). */
export const ADS_TOTAL_COUNT: Window = w15(200);

/** The limits of an Ads endpoint (`path` without the version segment), by the categories of notes §5. */
export function adsLimits(method: string, path: string): Limits {
  if (method !== 'GET') {
    // Audience endpoint 1,500 per minute (also seed 001 Limits); every other write 450 per minute, one category.
    if (ADS_AUDIENCE_USERS.test(path)) return { user: { limit: 1500, ms: MINUTE }, category: 'ads-audience' };
    return { user: { limit: 450, ms: MINUTE }, category: 'ads-writes' };
  }
  if (ADS_CORE.test(path)) return { user: w15(10_000), account: w15(10_000) };
  if (ADS_PARTIAL.test(path)) return { user: w15(2000), account: w15(2000) };
  if (path === 'insights/keywords/search') return { user: w15(500) };
  if (path.startsWith('targeting_criteria/')) return { user: w15(400), category: 'ads-targeting-options' };
  // GET accounts answers x-rate-limit-limit: 2000 (observed, notes §5); other global reads (no
  // :account_id) 5 per endpoint.
  if (path === 'accounts' || path.startsWith('accounts/')) return { user: w15(2000) };
  return { user: w15(5) };
}
