// v2 mutes: the caller's own mute list, mute and unmute.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, required, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, USER_SELECTION } from '../../http/v2-query.js';
import { renderUserPage } from '../hydrate/index.js';
import { mute, muting, unmute } from './mutes.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const RULE = userContext(['mute.read', 'tweet.read', 'users.read']);
const WRITE = userContext(['mute.write', 'tweet.read', 'users.read'], { write: true });
const LIST = { ...paging(1, 1000), ...USER_SELECTION };

export function mutesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/users/:id/muting', { config: { auth: RULE } }, async (req) => {
    const q = readQuery(req.query, LIST);
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await muting(deps, req.params.id, limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/muting', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, { target_user_id: required(id()) });
    return { data: await mute(deps, actor.userId, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/muting/:target_user_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unmute(deps, actor.userId, readPath('target_user_id', req.params.target_user_id, id())) };
    },
  );
}
