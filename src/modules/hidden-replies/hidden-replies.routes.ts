// v2 hide replies: PUT /2/tweets/{tweet_id}/hidden {hidden} → {data: {hidden}} (SPEC TweetHideRequest,
// TweetHideResponse), user context: OAuth 2.0 with tweet.moderate.write, or OAuth 1.0a.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf } from '../../http/caller.js';
import { bool, id, readJson, readPath, required } from '../../http/input.js';
import { setHidden } from './hidden-replies.service.js';

const WRITE = userContext(['tweet.moderate.write', 'tweet.read', 'users.read'], { write: true });
const HIDE_BODY = { hidden: required(bool()) };

export function hiddenRepliesRoutes(app: FastifyInstance, deps: Deps) {
  app.put<{ Params: { tweet_id: string } }>('/2/tweets/:tweet_id/hidden', { config: { auth: WRITE } }, async (req) => {
    const postId = readPath('tweet_id', req.params.tweet_id, id());
    const b = readJson(req.body, HIDE_BODY);
    return { data: await setHidden(deps, actorOf(req).userId, postId, b.hidden) };
  });
}
