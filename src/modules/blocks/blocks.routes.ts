// v2 blocks: the caller's own block list, block and unblock. The write paths left the published
// spec (2.166) but the SDKs still call them (twitter-api-sdk usersIdBlock/usersIdUnblock).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, required, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, USER_SELECTION } from '../../http/v2-query.js';
import { renderUserPage } from '../hydrate/index.js';
import { block, blocking, unblock } from './blocks.service.js';

type Id = { Params: { id: string }; Querystring: Query };
// `block.write` is not among the scopes the spec's OAuth 2.0 scheme lists; block.read guards both.
const SCOPES = ['block.read', 'tweet.read', 'users.read'];
const READ = userContext(SCOPES);
const WRITE = userContext(SCOPES, { write: true });
const LIST = { ...paging(1, 1000), ...USER_SELECTION };

export function blocksRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/users/:id/blocking', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIST);
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await blocking(deps, req.params.id, limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/blocking', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, { target_user_id: required(id()) });
    return { data: await block(deps, actor.userId, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/blocking/:target_user_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unblock(deps, actor.userId, readPath('target_user_id', req.params.target_user_id, id())) };
    },
  );
}
