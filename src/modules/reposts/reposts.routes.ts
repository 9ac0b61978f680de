// v2 reposts: repost/undo (a repost is a post; posts owns the write) and who reposted a post.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, TWEET_SELECTION, USER_SELECTION } from '../../http/v2-query.js';
import { renderPostPage, renderUserPage } from '../hydrate/index.js';
import {
  repost,
  repostersOf,
  requirePost,
  timelineMeta,
  timelinePage,
  TWEET_ID_BODY,
  unrepost,
} from '../posts/index.js';

type Id = { Params: { id: string }; Querystring: Query };
const WRITE = userContext(['tweet.read', 'tweet.write', 'users.read'], { write: true });
const REPOSTERS = { ...paging(1, 100), ...USER_SELECTION };
const OF_ME = { ...paging(1, 100), ...TWEET_SELECTION };

export function repostsRoutes(app: FastifyInstance, deps: Deps) {
  // SPEC getUsersRepostsOfMe: the reposts others made of the signed-in user's posts, newest first.
  app.get<{ Querystring: Query }>(
    '/2/users/reposts_of_me',
    { config: { auth: userContext(['timeline.read', 'tweet.read']) } },
    async (req) => {
      const q = readQuery(req.query, OF_ME);
      const page = pageOf(q, 100);
      const { rows, more } = await timelinePage(deps, 'reposts_of_me', actorOf(req).userId, page);
      const meta = timelineMeta(rows, more, page);
      return renderPostPage(
        deps,
        viewerOf(req),
        rows.map((r) => r.id),
        meta,
        selectionOf(q),
      );
    },
  );
  app.post<Id>('/2/users/:id/retweets', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, TWEET_ID_BODY);
    return { data: await repost(deps, actor, b.tweet_id) };
  });
  app.delete<{ Params: { id: string; source_tweet_id: string } }>(
    '/2/users/:id/retweets/:source_tweet_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await unrepost(deps, actor, readPath('source_tweet_id', req.params.source_tweet_id, id())) };
    },
  );
  app.get<Id>('/2/tweets/:id/retweeted_by', { config: { auth: anyAuth() } }, async (req) => {
    const q = readQuery(req.query, REPOSTERS);
    const postId = readPath('id', req.params.id, id());
    await requirePost(deps, postId);
    const page = await repostersOf(deps, postId, pageOf(q, 100));
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
}
