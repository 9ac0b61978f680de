// v2 reposts: repost/undo (a repost is a post; posts owns the write) and who reposted a post.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody } from '../../http/body-schema.js';
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
import { renderUserPage } from '../hydrate/index.js';
import { repost, repostersOf, requirePost, TWEET_ID_BODY, unrepost } from '../posts/index.js';

type Id = { Params: { id: string }; Querystring: Query };
const WRITE = userRule(['tweet.read', 'tweet.write', 'users.read'], { write: true });

export function repostsRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Id>('/2/users/:id/retweets', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = checkBody<{ tweet_id: string }>(req.body, { ...TWEET_ID_BODY });
    return { data: await repost(deps, actor, b.tweet_id) };
  });
  app.delete<{ Params: { id: string; source_tweet_id: string } }>(
    '/2/users/:id/retweets/:source_tweet_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await unrepost(deps, actor, pathId('source_tweet_id', req.params.source_tweet_id)) };
    },
  );
  app.get<Id>('/2/tweets/:id/retweeted_by', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(1, 100), ...USER_SELECTION });
    const id = pathId('id', req.params.id);
    await requirePost(deps, id);
    const page = await repostersOf(deps, id, pageOf(q, 100));
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
}
