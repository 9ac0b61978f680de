// v2 trends: by WOEID (app-only) and personalized (user context). SPEC getTrendsByWoeid,
// getTrendsPersonalizedTrends. Thin.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, userContext } from '../../http/auth.js';
import { actorOf } from '../../http/caller.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { int, list, readPath, readQuery, withDefault, type Query } from '../../http/input.js';
import { personalizedTrends, trendsByWoeid } from './trends.service.js';

const BY_WOEID = {
  max_trends: withDefault(int({ min: 1, max: 50 }), 20),
  'trend.fields': list(F.TrendFieldsParameter),
};
const PERSONAL = { 'personalized_trend.fields': list(F.PersonalizedTrendFieldsParameter) };

export function trendsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { woeid: string }; Querystring: Query }>(
    '/2/trends/by/woeid/:woeid',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const q = readQuery(req.query, BY_WOEID);
      const woeid = readPath('woeid', req.params.woeid, int({ min: 1, max: 2 ** 31 - 1 }));
      return trendsByWoeid(deps, woeid, q.max_trends, q['trend.fields'] ?? []);
    },
  );
  app.get<{ Querystring: Query }>(
    '/2/users/personalized_trends',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, PERSONAL);
      return personalizedTrends(deps, actorOf(req).userId, q['personalized_trend.fields'] ?? []);
    },
  );
}
