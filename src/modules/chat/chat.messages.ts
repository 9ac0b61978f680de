// X Chat messages and what happens around them: sending an encrypted message, reading a
// conversation's events (messages and key changes) page by page, marking read, typing, and the
// inbox. A message in a conversation with a TTL disappears from reads once it has lived that long
// on the service clock.
import type { Deps } from '../../deps.js';
import { enqueueSource } from '../../delivery/index.js';
import { encodeToken, type Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { checkMayMessage } from '../dms/index.js';
import { renderUsers } from '../hydrate/index.js';
import { findUsersByIds } from '../users/index.js';
import { chatRepo, type EventRow, type MemberRow } from './chat.repo.js';
import { type Target } from './chat.rules.js';
import { chatPayload, conversationNotFound, requireConversation } from './chat.service.js';
import { conversationView, eventView } from './chat.view.js';

export type NewMessage = {
  message_id: string;
  encoded_message_create_event: string;
  encoded_message_event_signature?: string;
  conversation_token?: string;
};

const others = (members: MemberRow[], userId: string) =>
  members.filter((m) => m.user_id !== userId).map((m) => m.user_id);

/** The conversation the caller may write to now: a one-to-one is closed by a block either way. */
async function writable(deps: Deps, userId: string, t: Target) {
  if (t.type === 'direct' && !t.other) throw conversationNotFound(t.id);
  const found = await requireConversation(deps, t, userId);
  if (t.type === 'direct') await checkMayMessage(deps, userId, t.other);
  return found;
}

/**
 * Stores the message once per (sender, message_id): a client retrying a send gets the same event
 * back, not a second message. The answer's `encoded_message_event` is the stored event as given
 * (ASSUMED: the real service wraps it in a Thrift MessageEvent whose encoding is not published).
 */
export async function sendMessage(deps: Deps, userId: string, t: Target, m: NewMessage) {
  const { c, members } = await writable(deps, userId, t);
  if (!c.key_version)
    throw problems.invalidParam('id', t.id, 'This conversation has no encryption keys yet: add them first.');
  const sent = await chatRepo.sentMessage(deps.db, c.id, userId, m.message_id);
  if (sent) return { encoded_message_event: sent.encoded_event };
  const now = deps.clock.now();
  await deps.db.tx(async (tx) => {
    const previous = await chatRepo.lastMessage(tx, c.id);
    const e: EventRow = {
      seq: deps.ids.next(),
      conversation_id: c.id,
      kind: 'message',
      message_id: m.message_id,
      sender_id: userId,
      encoded_event: m.encoded_message_create_event,
      signature: m.encoded_message_event_signature
        ? JSON.stringify({ signature: m.encoded_message_event_signature })
        : null,
      conversation_token: m.conversation_token ?? null,
      key_version: c.key_version,
      previous_seq: previous?.seq ?? null,
      created_at: now,
      expires_at: c.ttl_msec ? now + c.ttl_msec : null,
    };
    await chatRepo.insertEvent(tx, e);
    await chatRepo.touch(tx, c.id, e.seq, now);
    await enqueueSource(deps, tx, {
      topic: 'chat.sent',
      payload: { ...chatPayload(e), recipient_ids: others(members, userId) },
    });
  });
  return { encoded_message_event: m.encoded_message_create_event };
}

export type EventsQuery = { limit: number; position: Position | null; fields: readonly string[] };

/** Newest first; `conversation_key_events` lists every key change a reader needs to decrypt. */
export async function eventsPage(deps: Deps, userId: string, t: Target, q: EventsQuery) {
  const { c } = await requireConversation(deps, t, userId);
  if (q.position?.dir === 'prev')
    throw problems.invalidParam('pagination_token', '', 'The `pagination_token` query parameter value is not valid');
  const rows = await chatRepo.events(deps.db, c.id, deps.clock.now(), q.limit, q.position?.cursor);
  const page = rows.slice(0, q.limit);
  const more = rows.length > q.limit;
  const keys = await chatRepo.keyChanges(deps.db, c.id);
  const meta: Record<string, unknown> = { result_count: page.length, has_more: more };
  if (more) meta.next_token = encodeToken({ dir: 'next', cursor: page[page.length - 1]!.seq });
  if (keys.length) meta.conversation_key_events = keys.map((k) => k.encoded_event);
  return { ...(page.length ? { data: page.map((e) => eventView(e, q.fields)) } : {}), meta };
}

/** Read up to an event of the conversation; the mark never moves back. */
export async function markRead(deps: Deps, userId: string, t: Target, seq: string) {
  const { c, members } = await requireConversation(deps, t, userId);
  if (!/^[0-9]{1,19}$/.test(seq) || !(await chatRepo.event(deps.db, c.id, seq)))
    throw problems.invalidParam('seen_until_sequence_id', seq, `No event [${seq}] in this conversation.`);
  const before = members.find((m) => m.user_id === userId)!.read_seq;
  if (!before || BigInt(before) < BigInt(seq)) await chatRepo.markRead(deps.db, c.id, userId, seq);
  return { success: true };
}

export async function typing(deps: Deps, userId: string, t: Target) {
  const { c } = await writable(deps, userId, t);
  await chatRepo.typing(deps.db, c.id, userId, deps.clock.now());
  return { success: true };
}

export type ConversationQuery = { fields: readonly string[]; sel: Selection };

/** Conversations with their members, and the users their expansions name. */
async function render(
  deps: Deps,
  viewer: Viewer,
  convs: Awaited<ReturnType<typeof chatRepo.inbox>>,
  q: ConversationQuery,
) {
  const members = await chatRepo.members(
    deps.db,
    convs.map((c) => c.id),
  );
  const of = (id: string) => members.filter((m) => m.conversation_id === id);
  // An expansion adds its linking field to the object, as every v2 expansion does (DOCS expansions).
  const fields = [...new Set([...q.fields, ...q.sel.expansions])];
  const data = convs.map((c) => conversationView(c, fields, { members: of(c.id) }));
  const ids = new Set<string>();
  for (const d of data)
    for (const x of q.sel.expansions) for (const id of (d[x] as string[] | undefined) ?? []) ids.add(id);
  const users = ids.size
    ? ((
        await renderUsers(
          deps,
          viewer,
          await findUsersByIds(deps, [...ids]),
          { ...q.sel, expansions: [] },
          { parameter: 'id' },
        )
      ).data as unknown[] | undefined)
    : undefined;
  return { data, ...(users?.length ? { includes: { users } } : {}) };
}

export async function conversation(deps: Deps, viewer: Viewer, t: Target, q: ConversationQuery) {
  const { c } = await requireConversation(deps, t, viewer.userId!);
  const out = await render(deps, viewer, [c], q);
  return { ...out, data: out.data[0] };
}

export async function inbox(
  deps: Deps,
  viewer: Viewer,
  page: { limit: number; position: Position | null },
  q: ConversationQuery,
) {
  if (page.position?.dir === 'prev')
    throw problems.invalidParam('pagination_token', '', 'The `pagination_token` query parameter value is not valid');
  const userId = viewer.userId!;
  const rows = await chatRepo.inbox(deps.db, userId, page.limit, page.position?.cursor);
  const convs = rows.slice(0, page.limit);
  const more = rows.length > page.limit;
  const meta: Record<string, unknown> = {
    result_count: convs.length,
    has_more: more,
    has_message_requests: await chatRepo.hasRequests(deps.db, userId),
  };
  if (more) meta.next_token = encodeToken({ dir: 'next', cursor: convs[convs.length - 1]!.last_seq });
  if (!convs.length) return { meta };
  return { ...(await render(deps, viewer, convs, q)), meta };
}
