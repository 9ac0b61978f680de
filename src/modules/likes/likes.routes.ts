// v2 likes: like/unlike (refused on self-serve tiers, seed), liked posts and liking users.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, TWEET_SELECTION, USER_SELECTION } from '../../http/v2-query.js';
import { renderPostPage, renderUserPage } from '../hydrate/index.js';
import { TWEET_ID_BODY } from '../posts/index.js';
import { checkEnrolled } from '../users/index.js';
import { like, likedPosts, likingUsers, unlike } from './likes.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ = userContext(['like.read', 'tweet.read', 'users.read']);
const WRITE = userContext(['like.write', 'tweet.read', 'users.read'], { write: true });
const LIKED_POSTS = { ...paging(5, 100), ...TWEET_SELECTION };
const LIKING_USERS = { ...paging(1, 100), ...USER_SELECTION };

export function likesRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Id>('/2/users/:id/likes', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, TWEET_ID_BODY);
    checkEnrolled(actor);
    return { data: await like(deps, actor.userId, b.tweet_id) };
  });
  app.delete<{ Params: { id: string; tweet_id: string } }>(
    '/2/users/:id/likes/:tweet_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await unlike(deps, actor.userId, readPath('tweet_id', req.params.tweet_id, id())) };
    },
  );
  app.get<Id>('/2/users/:id/liked_tweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIKED_POSTS);
    const { limit, position } = pageOf(q, 100);
    const page = await likedPosts(deps, readPath('id', req.params.id, id()), limit, position);
    return renderPostPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.get<Id>('/2/tweets/:id/liking_users', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIKING_USERS);
    const { limit, position } = pageOf(q, 100);
    const page = await likingUsers(deps, readPath('id', req.params.id, id()), limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
}
