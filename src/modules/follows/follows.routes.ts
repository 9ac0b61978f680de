// v2 follows: follower/following lists (any auth) and follow/unfollow (user context). Following by
// POST is refused on self-serve tiers (seed, Other v2 endpoints).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, required, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, USER_SELECTION } from '../../http/v2-query.js';
import type { PageMeta } from '../../shared/cursor.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { checkEnrolled } from '../users/index.js';
import { follow, followers, following, unfollow } from './follows.service.js';

/**
 * What these routes render with: modules/hydrate's user pages, which app.ts hands in. Hydrate reads
 * follows (protected authors, connection_status), so follows cannot import it (ADR 0010).
 */
export type FollowsRendering = {
  renderUserPage: (deps: Deps, viewer: Viewer, ids: string[], meta: PageMeta, sel: Selection) => Promise<unknown>;
};

type Id = { Params: { id: string }; Querystring: Query };
const LIST = { ...paging(1, 1000), ...USER_SELECTION };
const WRITE = userContext(['follows.write', 'tweet.read', 'users.read'], { write: true });

export function followsRoutes(app: FastifyInstance, deps: Deps, render: FollowsRendering) {
  const read = anyAuth(['follows.read', 'tweet.read', 'users.read']);
  app.get<Id>('/2/users/:id/followers', { config: { auth: read } }, async (req) => {
    const q = readQuery(req.query, LIST);
    const { limit, position } = pageOf(q, 100);
    const page = await followers(deps, readPath('id', req.params.id, id()), limit, position);
    return render.renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.get<Id>('/2/users/:id/following', { config: { auth: read } }, async (req) => {
    const q = readQuery(req.query, LIST);
    const { limit, position } = pageOf(q, 100);
    const page = await following(deps, readPath('id', req.params.id, id()), limit, position);
    return render.renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/following', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, { target_user_id: required(id()) });
    checkEnrolled(actor);
    return { data: await follow(deps, actor, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/following/:target_user_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unfollow(deps, actor.userId, readPath('target_user_id', req.params.target_user_id, id())) };
    },
  );
}
