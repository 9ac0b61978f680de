// Search and counts endpoints (notes §5; SPEC /2/tweets/search/{recent,all}, /2/tweets/counts/{recent,all}).
// Thin: validate the query string with the real messages, call the service, return what it renders.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, APP_ONLY, type AuthRule } from '../../http/auth.js';
import { callerApp, viewerOf } from '../../http/caller.js';
import { id, int, list, oneOf, readQuery, required, str, time, withDefault, type Query } from '../../http/input.js';
import { selectionOf, TWEET_SELECTION, windowOf } from '../../http/v2-query.js';
import { countPosts, searchPosts, type SearchRequest } from './search.service.js';
import type { Product } from './search.window.js';
import { withinLoad } from './search.load.js';
import { problems } from '../../shared/problems.js';

// In the spec's order, which the real "is not one of [...]" message lists.
const BOUNDS = { query: required(str()), start_time: time(), end_time: time(), since_id: id(), until_id: id() };
const TOKENS = { next_token: str(), pagination_token: str() };
const search = (max: number) => ({
  ...BOUNDS,
  max_results: int({ min: 10, max }),
  ...TOKENS,
  sort_order: oneOf(['recency', 'relevancy']),
  ...TWEET_SELECTION,
});
const COUNTS = {
  ...BOUNDS,
  ...TOKENS,
  granularity: withDefault(oneOf(['minute', 'hour', 'day']), 'hour'),
  'search_count.fields': list(['end', 'start', 'tweet_count']),
};

type Bounds = Parameters<typeof windowOf>[0] & { query: string; next_token?: string; pagination_token?: string };

function requestOf(req: FastifyRequest, q: Bounds, product: Product): SearchRequest {
  // Both token names are accepted (notes §5); `next_token` wins when both are sent.
  const tokenParam =
    q.next_token !== undefined ? 'next_token' : q.pagination_token !== undefined ? 'pagination_token' : undefined;
  return {
    product,
    query: q.query,
    tier: callerApp(req).tier,
    ...windowOf(q),
    token: q.next_token ?? q.pagination_token,
    tokenParam,
  };
}

export function searchRoutes(app: FastifyInstance, deps: Deps) {
  /** One more search or count, or the 503 of an overloaded search service (search.load.ts). */
  const loaded = async <T>(fn: () => Promise<T>): Promise<T> => {
    const out = await withinLoad(deps.runtime.searchLoad, deps.config.searchConcurrency, fn);
    if (out === null) throw problems.serviceUnavailable();
    return out;
  };
  const routes: [string, Product, AuthRule, number][] = [
    ['/2/tweets/search/recent', 'recent', anyAuth(['tweet.read', 'users.read']), 100],
    ['/2/tweets/search/all', 'all', APP_ONLY, 500],
  ];
  for (const [path, product, auth, max] of routes) {
    const spec = search(max);
    app.get<{ Querystring: Query }>(path, { config: { auth } }, async (req) => {
      const q = readQuery(req.query, spec);
      const r = { ...requestOf(req, q, product), limit: q.max_results ?? 10 };
      return loaded(() => searchPosts(deps, viewerOf(req), r, selectionOf(q)));
    });
  }
  for (const [path, product] of [
    ['/2/tweets/counts/recent', 'recent'],
    ['/2/tweets/counts/all', 'all'],
  ] as const) {
    app.get<{ Querystring: Query }>(path, { config: { auth: APP_ONLY } }, async (req) => {
      const q = readQuery(req.query, COUNTS);
      return loaded(() => countPosts(deps, { ...requestOf(req, q, product), granularity: q.granularity }));
    });
  }
}
