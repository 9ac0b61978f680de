// v2 reposts: repost/undo (a repost is a post; posts owns the write) and who reposted a post.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, USER_SELECTION } from '../../http/v2-query.js';
import { renderUserPage } from '../hydrate/index.js';
import { repost, repostersOf, requirePost, TWEET_ID_BODY, unrepost } from '../posts/index.js';

type Id = { Params: { id: string }; Querystring: Query };
const WRITE = userContext(['tweet.read', 'tweet.write', 'users.read'], { write: true });
const REPOSTERS = { ...paging(1, 100), ...USER_SELECTION };

export function repostsRoutes(app: FastifyInstance, deps: Deps) {
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
