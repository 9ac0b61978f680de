// v2 news: search and lookup (SPEC searchNews, getNews; notes §8.4). Thin.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, type AuthRule } from '../../http/auth.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { id, int, list, readPath, readQuery, required, str, withDefault, type Query } from '../../http/input.js';
import { lookupNews, MAX_AGE_HOURS, searchNews } from './news.service.js';

const FIELDS = { 'news.fields': list(F.NewsFieldsParameter) };
const SEARCH = {
  query: required(str({ min: 1, max: 2048 })),
  max_results: withDefault(int({ min: 1, max: 100 }), 10),
  max_age_hours: withDefault(int({ min: 1, max: MAX_AGE_HOURS }), 168),
  ...FIELDS,
};
const SCOPES = ['tweet.read', 'users.read'];
/** SPEC searchNews: app-only or OAuth 2.0 user context, not OAuth 1.0a. */
const SEARCH_AUTH: AuthRule = { schemes: ['app', 'oauth2-user'], scopes: SCOPES };

export function newsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/news/search', { config: { auth: SEARCH_AUTH } }, async (req) => {
    const q = readQuery(req.query, SEARCH);
    return searchNews(deps, q, q['news.fields'] ?? []);
  });
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/2/news/:id',
    { config: { auth: anyAuth(SCOPES) } },
    async (req) => {
      const q = readQuery(req.query, FIELDS);
      return lookupNews(deps, readPath('id', req.params.id, id()), q['news.fields'] ?? []);
    },
  );
}
