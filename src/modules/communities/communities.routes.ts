// v2 communities: lookup and search (SPEC getCommunitiesById, searchCommunities). Thin.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { id, int, list, readPath, readQuery, required, str, type Query } from '../../http/input.js';
import { pageOf } from '../../http/v2-query.js';
import { lookupCommunity, searchCommunities } from './communities.service.js';

const FIELDS = { 'community.fields': list(F.CommunityFieldsParameter) };
const SEARCH = {
  query: required(str({ min: 1, max: 4096 })),
  max_results: int({ min: 10, max: 100 }),
  next_token: str(),
  pagination_token: str(),
  ...FIELDS,
};

export function communitiesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>(
    '/2/communities/search',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, SEARCH);
      // Both names carry the same token (SPEC lists next_token and pagination_token).
      const { limit, position } = pageOf({ ...q, pagination_token: q.pagination_token ?? q.next_token }, 10);
      return searchCommunities(deps, q.query, limit, position, q['community.fields'] ?? []);
    },
  );
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/2/communities/:id',
    { config: { auth: anyAuth(['list.read', 'tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, FIELDS);
      return lookupCommunity(deps, readPath('id', req.params.id, id()), q['community.fields'] ?? []);
    },
  );
}
