// v2 likes: like/unlike (refused on self-serve tiers, seed), liked posts and liking users.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody } from '../../http/body-schema.js';
import {
  actorOf,
  ownPath,
  pageOf,
  pathId,
  paging,
  selectionOf,
  TWEET_SELECTION,
  USER_SELECTION,
  userRule,
  viewerOf,
} from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import { renderPostPage, renderUserPage } from '../hydrate/index.js';
import { TWEET_ID_BODY } from '../posts/index.js';
import { checkEnrolled } from '../users/index.js';
import { like, likedPosts, likingUsers, unlike } from './likes.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ = userRule(['like.read', 'tweet.read', 'users.read']);
const WRITE = userRule(['like.write', 'tweet.read', 'users.read'], { write: true });

export function likesRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Id>('/2/users/:id/likes', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = checkBody<{ tweet_id: string }>(req.body, TWEET_ID_BODY);
    checkEnrolled(actor);
    return { data: await like(deps, actor.userId, b.tweet_id) };
  });
  app.delete<{ Params: { id: string; tweet_id: string } }>(
    '/2/users/:id/likes/:tweet_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await unlike(deps, actor.userId, pathId('tweet_id', req.params.tweet_id)) };
    },
  );
  app.get<Id>('/2/users/:id/liked_tweets', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(5, 100), ...TWEET_SELECTION });
    const { limit, position } = pageOf(q, 100);
    const page = await likedPosts(deps, pathId('id', req.params.id), limit, position);
    return renderPostPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.get<Id>('/2/tweets/:id/liking_users', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(1, 100), ...USER_SELECTION });
    const { limit, position } = pageOf(q, 100);
    const page = await likingUsers(deps, pathId('id', req.params.id), limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
}
