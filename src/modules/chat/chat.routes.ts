// X Chat (SPEC 2.166 tag "Chat"): conversations, keys, members, messages, events, read and typing
// signals, and media upload and download. Every route is user context, with the scopes the spec
// lists per operation; those touching messages need the app's DM permission, as DMs do.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import { readJson, readPath, readQuery, type Query } from '../../http/input.js';
import { pageOf, selectionOf } from '../../http/v2-query.js';
import { targetOf } from './chat.rules.js';
import { appendUpload, downloadMedia, finalizeUpload, initializeUpload } from './chat.media.js';
import { conversation, eventsPage, inbox, markRead, sendMessage, typing } from './chat.messages.js';
import {
  CONVERSATION_SELECTION,
  EVENTS,
  INBOX,
  KEYS,
  MEDIA_HASH_KEY,
  MESSAGE,
  NEW_GROUP,
  NEW_MEMBERS,
  READ,
  UPLOAD_APPEND,
  UPLOAD_FINALIZE,
  UPLOAD_INIT,
} from './chat.schema.js';
import { addKeys, addMembers, createGroup, initializeGroup } from './chat.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const SCOPES = ['dm.read', 'tweet.read', 'users.read'];
const INBOX_READ = userContext(['dm.read', 'users.read'], { dm: true });
const CONVERSATION_READ = userContext(SCOPES, { dm: true });
const WRITE = userContext(['dm.write', 'tweet.read', 'users.read'], { write: true, dm: true });
const GROUP_INIT = userContext(['dm.write'], { write: true, dm: true });
const MEDIA = userContext(['media.write'], { write: true });

/** SPEC MediaSegments: an integer, or its digits as a string. */
function segmentsAsNumbers(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  return typeof b.segment_index === 'string' && /^[0-9]{1,3}$/.test(b.segment_index)
    ? { ...b, segment_index: Number(b.segment_index) }
    : b;
}

export function chatRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/chat/conversations', { config: { auth: INBOX_READ } }, async (req) => {
    const q = readQuery(req.query, INBOX);
    const sel = { fields: q['chat_conversation.fields'] ?? [], sel: selectionOf(q) };
    return inbox(deps, viewerOf(req), pageOf(q, 10), sel);
  });
  app.get<Id>('/2/chat/conversations/:id', { config: { auth: CONVERSATION_READ } }, async (req) => {
    const q = readQuery(req.query, CONVERSATION_SELECTION);
    const viewer = viewerOf(req);
    const sel = { fields: q['chat_conversation.fields'] ?? [], sel: selectionOf(q) };
    return conversation(deps, viewer, targetOf(req.params.id, viewer.userId!), sel);
  });
  app.get<Id>('/2/chat/conversations/:id/events', { config: { auth: CONVERSATION_READ } }, async (req) => {
    const q = readQuery(req.query, EVENTS);
    const user = actorOf(req).userId;
    const page = { ...pageOf(q, 10), fields: q['chat_message_event.fields'] ?? [] };
    return eventsPage(deps, user, targetOf(req.params.id, user), page);
  });
  app.post('/2/chat/conversations/group/initialize', { config: { auth: GROUP_INIT } }, async (req) => ({
    data: await initializeGroup(deps, actorOf(req).userId),
  }));
  app.post('/2/chat/conversations/group', { config: { auth: WRITE } }, async (req, reply) => {
    const b = readJson(req.body, NEW_GROUP);
    return reply.code(201).send({ data: await createGroup(deps, actorOf(req).userId, b) });
  });
  app.post<Id>('/2/chat/conversations/:id/keys', { config: { auth: WRITE } }, async (req) => {
    const user = actorOf(req).userId;
    const t = targetOf(req.params.id, user);
    return { data: await addKeys(deps, user, t, readJson(req.body, KEYS)) };
  });
  // SPEC ChatAddGroupMembersResponse: the fields at the top level, with no `data`.
  app.post<Id>('/2/chat/conversations/:id/members', { config: { auth: WRITE } }, async (req) => {
    const user = actorOf(req).userId;
    const t = targetOf(req.params.id, user);
    return addMembers(deps, user, t, readJson(req.body, NEW_MEMBERS));
  });
  app.post<Id>('/2/chat/conversations/:id/messages', { config: { auth: WRITE } }, async (req, reply) => {
    const user = actorOf(req).userId;
    const t = targetOf(req.params.id, user);
    const m = readJson(req.body, MESSAGE);
    return reply.code(201).send({ data: await sendMessage(deps, user, t, m) });
  });
  app.post<Id>('/2/chat/conversations/:id/read', { config: { auth: WRITE } }, async (req) => {
    const user = actorOf(req).userId;
    const t = targetOf(req.params.id, user);
    const b = readJson(req.body, READ);
    return { data: await markRead(deps, user, t, b.seen_until_sequence_id) };
  });
  app.post<Id>('/2/chat/conversations/:id/typing', { config: { auth: WRITE } }, async (req) => {
    const user = actorOf(req).userId;
    return { data: await typing(deps, user, targetOf(req.params.id, user)) };
  });

  app.post('/2/chat/media/upload/initialize', { config: { auth: MEDIA } }, async (req) => ({
    data: await initializeUpload(deps, actorOf(req).userId, readJson(req.body, UPLOAD_INIT)),
  }));
  app.post<Id>('/2/chat/media/upload/:id/append', { config: { auth: MEDIA } }, async (req) => {
    const b = readJson(segmentsAsNumbers(req.body), UPLOAD_APPEND);
    const media = Buffer.from(b.media, 'base64');
    return { data: await appendUpload(deps, actorOf(req).userId, req.params.id, { ...b, media }) };
  });
  app.post<Id>('/2/chat/media/upload/:id/finalize', { config: { auth: MEDIA } }, async (req) => ({
    data: await finalizeUpload(deps, actorOf(req).userId, req.params.id, readJson(req.body, UPLOAD_FINALIZE)),
  }));
  app.get<{ Params: { id: string; media_hash_key: string } }>(
    '/2/chat/media/:id/:media_hash_key',
    { config: { auth: MEDIA } },
    async (req, reply) => {
      const user = actorOf(req).userId;
      const t = targetOf(req.params.id, user);
      const key = readPath('media_hash_key', req.params.media_hash_key, MEDIA_HASH_KEY);
      // SPEC: the raw (still encrypted) bytes as application/octet-stream.
      return reply.type('application/octet-stream').send(await downloadMedia(deps, user, t, key));
    },
  );
}
