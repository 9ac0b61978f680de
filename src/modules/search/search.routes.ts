// Search and counts endpoints (notes §5; SPEC /2/tweets/search/{recent,all}, /2/tweets/counts/{recent,all}).
// Thin: validate the query string with the real messages, call the service, return what it renders.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { readRule, selectionOf, TIME_WINDOW, TWEET_SELECTION, viewerOf, windowOf } from '../../http/fields.js';
import { parseQuery, type ParamSpec, type Query } from '../../http/params.js';
import { countPosts, searchPosts, type SearchRequest } from './search.service.js';
import type { Granularity } from './search.view.js';
import type { Product } from './search.window.js';

const oneOf = (name: string, values: string[]): ParamSpec => ({
  kind: 'string',
  pattern: new RegExp(`^(${values.join('|')})$`),
  message: `The \`${name}\` query parameter value [{v}] is not one of [${values.join(',')}]`,
});

// In the spec's order, which the real "is not one of [...]" message lists.
const BOUNDS = {
  query: { kind: 'string' },
  start_time: TIME_WINDOW.start_time,
  end_time: TIME_WINDOW.end_time,
  since_id: TIME_WINDOW.since_id,
  until_id: TIME_WINDOW.until_id,
} satisfies Record<string, ParamSpec>;
const TOKENS = { next_token: { kind: 'string' }, pagination_token: { kind: 'string' } } satisfies Record<
  string,
  ParamSpec
>;
const search = (max: number) => ({
  ...BOUNDS,
  max_results: { kind: 'int', min: 10, max } as ParamSpec,
  ...TOKENS,
  sort_order: oneOf('sort_order', ['recency', 'relevancy']),
  ...TWEET_SELECTION,
});
const COUNTS = {
  ...BOUNDS,
  ...TOKENS,
  granularity: oneOf('granularity', ['minute', 'hour', 'day']),
  'search_count.fields': { kind: 'list', values: ['end', 'start', 'tweet_count'] },
} satisfies Record<string, ParamSpec>;

type Parsed = Record<string, unknown>;

function requestOf(req: FastifyRequest, q: Parsed, product: Product): SearchRequest {
  const w = windowOf(q);
  // Both token names are accepted (notes §5); `next_token` wins when both are sent.
  const tokenParam =
    q.next_token !== undefined ? 'next_token' : q.pagination_token !== undefined ? 'pagination_token' : undefined;
  return {
    product,
    query: q.query as string,
    tier: req.caller?.app.tier ?? 'free',
    startTime: w.startTime,
    endTime: w.endTime,
    sinceId: w.sinceId,
    untilId: w.untilId,
    token: tokenParam ? (q[tokenParam] as string) : undefined,
    tokenParam,
  };
}

export function searchRoutes(app: FastifyInstance, deps: Deps) {
  const routes: [string, Product, ReturnType<typeof readRule>, number][] = [
    ['/2/tweets/search/recent', 'recent', readRule(['tweet.read', 'users.read']), 100],
    ['/2/tweets/search/all', 'all', APP_ONLY, 500],
  ];
  for (const [path, product, auth, max] of routes) {
    const spec = search(max);
    app.get<{ Querystring: Query }>(path, { config: { auth } }, async (req) => {
      const q = parseQuery(req.query, spec, ['query']);
      const r = { ...requestOf(req, q, product), limit: (q.max_results as number | undefined) ?? 10 };
      return searchPosts(deps, viewerOf(req), r, selectionOf(q));
    });
  }
  for (const [path, product] of [
    ['/2/tweets/counts/recent', 'recent'],
    ['/2/tweets/counts/all', 'all'],
  ] as const) {
    app.get<{ Querystring: Query }>(path, { config: { auth: APP_ONLY } }, async (req) => {
      const q = parseQuery(req.query, COUNTS, ['query']);
      return countPosts(deps, {
        ...requestOf(req, q, product),
        granularity: (q.granularity as Granularity | undefined) ?? 'hour',
      });
    });
  }
}
