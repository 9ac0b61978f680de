// v2 direct messages: send (to a user, to a conversation, new group), read events (all, by
// conversation, with a user, one), delete. DM permission and dm.* scopes are enforced by the
// auth rule (code 93 without the app's DM permission, seed Authentication rule 1).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING, type Schema } from '../../http/body-schema.js';
import { actorOf, DM_SELECTION, pageOf, pathId, paging, selectionOf, userRule, viewerOf } from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import { problems } from '../../shared/problems.js';
import {
  createGroup,
  deleteEvent,
  eventsPage,
  EVENT_TYPES,
  getEvent,
  sendToConversation,
  sendToUser,
  type Message,
} from './dms.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ = userRule(['dm.read', 'tweet.read', 'users.read'], { dm: true });
const WRITE = userRule(['dm.write', 'tweet.read', 'users.read'], { write: true, dm: true });
const MESSAGE: Schema & { t: 'object' } = {
  t: 'object',
  props: {
    text: { t: 'string', min: 1 },
    attachments: { t: 'array', items: { t: 'object', required: ['media_id'], props: { media_id: ID_STRING } } },
  },
};
const EVENTS = { ...paging(1, 100), event_types: { kind: 'list', values: EVENT_TYPES } as const, ...DM_SELECTION };
const CONVERSATION = /^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$/;

function conversationId(id: string): string {
  if (!CONVERSATION.test(id))
    throw problems.invalidParam(
      'dm_conversation_id',
      id,
      `The \`dm_conversation_id\` query parameter value [${id}] does not match ^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$`,
    );
  return id;
}

function eventQuery(q: Record<string, unknown>) {
  return { ...pageOf(q, 100), types: (q.event_types as string[] | undefined) ?? [] };
}

export function dmsRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Id>('/2/dm_conversations/with/:id/messages', { config: { auth: WRITE } }, async (req, reply) => {
    const m = checkBody<Message>(req.body, MESSAGE);
    return reply
      .code(201)
      .send({ data: await sendToUser(deps, actorOf(req).userId, pathId('participant_id', req.params.id), m) });
  });
  app.post<Id>('/2/dm_conversations/:id/messages', { config: { auth: WRITE } }, async (req, reply) => {
    const m = checkBody<Message>(req.body, MESSAGE);
    return reply
      .code(201)
      .send({ data: await sendToConversation(deps, actorOf(req).userId, conversationId(req.params.id), m) });
  });
  app.post('/2/dm_conversations', { config: { auth: WRITE } }, async (req, reply) => {
    const b = checkBody<{ participant_ids: string[]; message: Message }>(req.body, {
      t: 'object',
      required: ['conversation_type', 'participant_ids', 'message'],
      props: {
        conversation_type: { t: 'string', enum: ['Group'] },
        participant_ids: { t: 'array', items: ID_STRING, min: 2, max: 49 },
        message: MESSAGE,
      },
    });
    return reply.code(201).send({ data: await createGroup(deps, actorOf(req).userId, b.participant_ids, b.message) });
  });

  app.get<{ Querystring: Query }>('/2/dm_events', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, EVENTS);
    return eventsPage(deps, viewerOf(req), {}, eventQuery(q), selectionOf(q));
  });
  app.get<Id>('/2/dm_conversations/with/:id/dm_events', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, EVENTS);
    return eventsPage(
      deps,
      viewerOf(req),
      { withUser: pathId('participant_id', req.params.id) },
      eventQuery(q),
      selectionOf(q),
    );
  });
  app.get<Id>('/2/dm_conversations/:id/dm_events', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, EVENTS);
    return eventsPage(
      deps,
      viewerOf(req),
      { conversationId: conversationId(req.params.id) },
      eventQuery(q),
      selectionOf(q),
    );
  });
  app.get<Id>('/2/dm_events/:id', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, DM_SELECTION);
    return getEvent(deps, viewerOf(req), pathId('event_id', req.params.id), selectionOf(q));
  });
  app.delete<Id>(
    '/2/dm_events/:id',
    { config: { auth: userRule(['dm.read', 'dm.write'], { write: true, dm: true }) } },
    async (req) => ({ data: await deleteEvent(deps, actorOf(req).userId, pathId('event_id', req.params.id)) }),
  );
}
