// v2 blocks: the caller's own block list, block and unblock. The write paths left the published
// spec (2.166) but the SDKs still call them (twitter-api-sdk usersIdBlock/usersIdUnblock).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, TARGET_USER_BODY } from '../../http/body-schema.js';
import {
  actorOf,
  ownPath,
  pageOf,
  pathId,
  paging,
  selectionOf,
  USER_SELECTION,
  userRule,
  viewerOf,
} from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import { renderUserPage } from '../hydrate/index.js';
import { block, blocking, unblock } from './blocks.service.js';

type Id = { Params: { id: string }; Querystring: Query };
// `block.write` is not among the scopes the spec's OAuth 2.0 scheme lists; block.read guards both.
const RULE = userRule(['block.read', 'tweet.read', 'users.read']);

export function blocksRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/users/:id/blocking', { config: { auth: RULE } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(1, 1000), ...USER_SELECTION });
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await blocking(deps, req.params.id, limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/blocking', { config: { auth: { ...RULE, write: true } as typeof RULE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = checkBody<{ target_user_id: string }>(req.body, TARGET_USER_BODY);
    return { data: await block(deps, actor.userId, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/blocking/:target_user_id',
    { config: { auth: { ...RULE, write: true } as typeof RULE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unblock(deps, actor.userId, pathId('target_user_id', req.params.target_user_id)) };
    },
  );
}
