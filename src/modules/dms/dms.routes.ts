// v2 direct messages: send (to a user, to a conversation, new group), read events (all, by
// conversation, with a user, one), delete. DM permission and dm.* scopes are enforced by the
// auth rule (code 93 without the app's DM permission, seed Authentication rule 1).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext, type AuthRule } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import {
  arr,
  id,
  list,
  obj,
  oneOf,
  readJson,
  readPath,
  readQuery,
  required,
  str,
  type Query,
} from '../../http/input.js';
import { DM_SELECTION, pageOf, paging, selectionOf } from '../../http/v2-query.js';
import {
  createGroup,
  deleteEvent,
  eventsPage,
  EVENT_TYPES,
  getEvent,
  sendToConversation,
  sendToUser,
} from './dms.service.js';
import { blockDms, unblockDms } from './dms.blocks.js';
import { dmMediaBytes } from './dms.media.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ = userContext(['dm.read', 'tweet.read', 'users.read'], { dm: true });
const WRITE = userContext(['dm.write', 'tweet.read', 'users.read'], { write: true, dm: true });
/** SPEC: OAuth 2.0 user context only, scope dm.read (no OAuth 1.0a scheme listed). */
const MEDIA_READ: AuthRule = { schemes: ['oauth2-user'], scopes: ['dm.read'], dm: true };
const RESOURCE_ID = str({ pattern: /^[a-zA-Z0-9_.-]{1,50}$/ });
const MESSAGE = {
  text: str({ min: 1 }),
  attachments: arr(obj({ media_id: required(id()) })),
};
const NEW_GROUP = {
  conversation_type: required(oneOf(['Group'])),
  participant_ids: required(arr(id(), { min: 2, max: 49 })),
  message: required(obj(MESSAGE)),
};
const EVENTS = { ...paging(1, 100), event_types: list(EVENT_TYPES), ...DM_SELECTION };
/** A one-to-one conversation (`low-high` user ids) or a group's own id. */
const CONVERSATION_ID = str({ pattern: /^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$/ });

function eventQuery(q: { max_results?: number; pagination_token?: string; event_types?: string[] }) {
  return { ...pageOf(q, 100), types: q.event_types ?? [] };
}

export function dmsRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Id>('/2/dm_conversations/with/:id/messages', { config: { auth: WRITE } }, async (req, reply) => {
    const m = readJson(req.body, MESSAGE);
    const participant = readPath('participant_id', req.params.id, id());
    return reply.code(201).send({ data: await sendToUser(deps, actorOf(req).userId, participant, m) });
  });
  app.post<Id>('/2/dm_conversations/:id/messages', { config: { auth: WRITE } }, async (req, reply) => {
    const m = readJson(req.body, MESSAGE);
    const conversation = readPath('dm_conversation_id', req.params.id, CONVERSATION_ID);
    return reply.code(201).send({ data: await sendToConversation(deps, actorOf(req).userId, conversation, m) });
  });
  app.post('/2/dm_conversations', { config: { auth: WRITE } }, async (req, reply) => {
    const b = readJson(req.body, NEW_GROUP);
    return reply.code(201).send({ data: await createGroup(deps, actorOf(req).userId, b.participant_ids, b.message) });
  });

  app.get<{ Querystring: Query }>('/2/dm_events', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, EVENTS);
    return eventsPage(deps, viewerOf(req), {}, eventQuery(q), selectionOf(q));
  });
  app.get<Id>('/2/dm_conversations/with/:id/dm_events', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, EVENTS);
    return eventsPage(
      deps,
      viewerOf(req),
      { withUser: readPath('participant_id', req.params.id, id()) },
      eventQuery(q),
      selectionOf(q),
    );
  });
  app.get<Id>('/2/dm_conversations/:id/dm_events', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, EVENTS);
    return eventsPage(
      deps,
      viewerOf(req),
      { conversationId: readPath('dm_conversation_id', req.params.id, CONVERSATION_ID) },
      eventQuery(q),
      selectionOf(q),
    );
  });
  app.get<Id>('/2/dm_events/:id', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, DM_SELECTION);
    return getEvent(deps, viewerOf(req), readPath('event_id', req.params.id, id()), selectionOf(q));
  });
  app.delete<Id>(
    '/2/dm_events/:id',
    { config: { auth: userContext(['dm.read', 'dm.write'], { write: true, dm: true }) } },
    async (req) => ({ data: await deleteEvent(deps, actorOf(req).userId, readPath('event_id', req.params.id, id())) }),
  );

  app.post<Id>('/2/users/:id/dm/block', { config: { auth: WRITE } }, async (req) => ({
    data: await blockDms(deps, actorOf(req).userId, readPath('id', req.params.id, id())),
  }));
  app.post<Id>('/2/users/:id/dm/unblock', { config: { auth: WRITE } }, async (req) => ({
    data: await unblockDms(deps, actorOf(req).userId, readPath('id', req.params.id, id())),
  }));
  app.get<{ Params: { dm_id: string; media_id: string; resource_id: string } }>(
    '/2/dm_conversations/media/:dm_id/:media_id/:resource_id',
    { config: { auth: MEDIA_READ } },
    async (req, reply) => {
      const p = req.params;
      const dmId = readPath('dm_id', p.dm_id, id());
      const mediaId = readPath('media_id', p.media_id, id());
      const resourceId = readPath('resource_id', p.resource_id, RESOURCE_ID);
      const { bytes } = await dmMediaBytes(deps, actorOf(req).userId, dmId, mediaId, resourceId);
      // SPEC: the raw bytes as application/octet-stream.
      return reply.type('application/octet-stream').send(bytes);
    },
  );
}
