// Stored rows → the wire `ChatConversation` and `ChatMessageEvent` (SPEC 2.166). Group-only fields
// ("Only present for group conversations") are left out of one-to-ones.
import { isoMillis } from '../../shared/clock.js';
import { pick, type Renderers } from '../../shared/pick.js';
import { eventConversationId } from './chat.rules.js';
import type { ConversationRow, EventRow, MemberRow } from './chat.repo.js';

export type ConversationContext = { members: MemberRow[] };
const group = <T>(c: ConversationRow, v: T) => (c.type === 'group' ? v : undefined);

const CONVERSATION: Renderers<ConversationRow, ConversationContext> = {
  admin_ids: (c, x) =>
    group(
      c,
      x.members.filter((m) => m.is_admin).map((m) => m.user_id),
    ),
  created_at: (c) => group(c, isoMillis(c.created_at)),
  group_avatar_url: (c) => group(c, c.group_avatar_url ?? undefined),
  group_name: (c) => group(c, c.group_name ?? undefined),
  is_muted: () => false,
  member_ids: (c, x) =>
    group(
      c,
      x.members.map((m) => m.user_id),
    ),
  message_ttl_msec: (c) => (c.ttl_msec ? String(c.ttl_msec) : undefined),
  participant_ids: (_c, x) => x.members.map((m) => m.user_id),
  screen_capture_blocking_enabled: () => false,
  screen_capture_detection_enabled: () => false,
  updated_at: (c) => group(c, isoMillis(c.updated_at)),
};

/** `id` and `type` always (ASSUMED defaults), the asked-for fields after them. */
export function conversationView(
  c: ConversationRow,
  fields: readonly string[],
  ctx: ConversationContext,
): Record<string, unknown> {
  return pick(CONVERSATION, c, fields, { id: c.id, type: c.type }, ctx);
}

const EVENT: Renderers<EventRow> = {
  conversation_id: (e) => eventConversationId(e.conversation_id),
  conversation_token: (e) => e.conversation_token ?? undefined,
  created_at_msec: (e) => String(e.created_at),
  // ASSUMED: an event is trusted when its sender signed it.
  is_trusted: (e) => e.signature !== null,
  message_event_signature: (e) => (e.signature ? (JSON.parse(e.signature) as unknown) : undefined),
  previous_id: (e) => e.previous_seq ?? undefined,
  sender_id: (e) => e.sender_id,
};

/**
 * `id` (the client's message id), `encoded_event` (required by the spec) and `sequence_id` (the
 * server's order, which POST …/read takes; not selectable, so always there) by default.
 */
export function eventView(e: EventRow, fields: readonly string[]): Record<string, unknown> {
  return pick(EVENT, e, fields, { id: e.message_id, encoded_event: e.encoded_event, sequence_id: e.seq });
}
