// v2 mutes: the caller's own mute list, mute and unmute.
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
import { mute, muting, unmute } from './mutes.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const RULE = userRule(['mute.read', 'tweet.read', 'users.read']);
const WRITE = userRule(['mute.write', 'tweet.read', 'users.read'], { write: true });

export function mutesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/users/:id/muting', { config: { auth: RULE } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(1, 1000), ...USER_SELECTION });
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await muting(deps, req.params.id, limit, position);
    return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.post<Id>('/2/users/:id/muting', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = checkBody<{ target_user_id: string }>(req.body, TARGET_USER_BODY);
    return { data: await mute(deps, actor.userId, b.target_user_id) };
  });
  app.delete<{ Params: { id: string; target_user_id: string } }>(
    '/2/users/:id/muting/:target_user_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id, 'source_user_id');
      return { data: await unmute(deps, actor.userId, pathId('target_user_id', req.params.target_user_id)) };
    },
  );
}
