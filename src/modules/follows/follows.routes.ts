// v2 follows: follower/following lists (any auth) and follow/unfollow (user context). Following by
// POST is refused on self-serve tiers (seed, Other v2 endpoints).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING, TARGET_USER_BODY } from '../../http/body-schema.js';
import {
  actorOf,
  ownPath,
  pageOf,
  pathId,
  paging,
  readRule,
  selectionOf,
  USER_SELECTION,
  userRule,
  viewerOf,
} from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import { checkEnrolled, renderUserPage } from '../posts/index.js';
import { addFollow, follow, followers, following, unfollow } from './follows.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const LIST = { ...paging(1, 1000), ...USER_SELECTION };
const WRITE = userRule(['follows.write', 'tweet.read', 'users.read'], { write: true });

export function followsRoutes(app: FastifyInstance, deps: Deps) {
  const read = readRule(['follows.read', 'tweet.read', 'users.read']);
  app.get<Id>('/2/users/:id/followers', { config: { auth: read } }, async (req) => {
    const q = parseQuery(req.query, LIST);
    const { limit, position } = pageOf(q, 100);
    const page = await followers(deps, pathId('id', req.params.id), limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.get<Id>('/2/users/:id/following', { config: { auth: read } }, async (req) => {
    const q = parseQuery(req.query, LIST);
    const { limit, position } = pageOf(q, 100);
    const page = await following(deps, pathId('id', req.params.id), limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/following', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = checkBody<{ target_user_id: string }>(req.body, TARGET_USER_BODY);
    checkEnrolled(actor);
    return { data: await follow(deps, actor, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/following/:target_user_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unfollow(deps, actor.userId, pathId('target_user_id', req.params.target_user_id)) };
    },
  );
}

/** Control API: a follow edge made directly (no request, no tier rule), for tests and datasets. */
export function followsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/follows', async (req, reply) => {
    const b = checkBody<{ source_id: string; target_id: string }>(req.body, {
      t: 'object',
      required: ['source_id', 'target_id'],
      props: { source_id: ID_STRING, target_id: ID_STRING },
    });
    await addFollow(deps, b.source_id, b.target_id, deps.clock.now());
    return reply.code(201).send({ data: { following: true } });
  });
}
