// X Chat conversations: one-to-ones (started by adding their first keys) and groups (a reserved id,
// then created with members, admins and keys), key rotation, members, and the inbox. The server
// holds only what clients encrypted — conversation keys encrypted per participant, encoded events —
// and checks what it can see: who takes part, that each participant gets a key, and that each key
// was encrypted to a public key version the participant registered (modules/public-keys).
import type { Deps } from '../../deps.js';
import { enqueueSource } from '../../delivery/index.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { checkMayMessage } from '../dms/index.js';
import { hasKeyVersion } from '../public-keys/index.js';
import { findUsersByIds, requireUser } from '../users/index.js';
import { chatRepo, type ConversationRow, type EventRow, type MemberRow } from './chat.repo.js';
import { eventConversationId, ttlOf, type Target } from './chat.rules.js';

export type ParticipantKey = { user_id?: string; public_key_version?: string; encrypted_conversation_key?: string };
export type ActionSignature = {
  message_id: string;
  encoded_message_event_detail: string;
  message_event_signature: Record<string, unknown>;
};
export type KeyChange = {
  conversation_key_version: string;
  conversation_participant_keys: ParticipantKey[];
  action_signatures?: ActionSignature[];
  base64_encoded_key_rotation?: string;
};
/** Groups hold at most this many members (ASSUMED: the DM group ceiling, 50 with the creator). */
export const MAX_MEMBERS = 50;

export const conversationNotFound = (id: string) =>
  problems.resourceNotFound({
    parameter: 'id',
    value: id,
    resource_type: 'user',
    detail: `Could not find conversation with id: [${id}].`,
  });

/** The caller's active conversation (and its members); anyone else learns nothing of it. */
export async function requireConversation(
  deps: Deps,
  t: Target,
  userId: string,
): Promise<{ c: ConversationRow; members: MemberRow[] }> {
  const c = await chatRepo.conversation(deps.db, t.id);
  const members = c?.state === 'active' ? await chatRepo.members(deps.db, [c.id]) : [];
  if (!c || !members.some((m) => m.user_id === userId)) throw conversationNotFound(t.id);
  return { c, members };
}

/** Each participant gets the new key, encrypted to a public key version they registered. */
async function checkKeys(deps: Deps, keys: ParticipantKey[], memberIds: readonly string[]): Promise<void> {
  const bad = (value: string | string[], message: string) =>
    problems.invalidParam('conversation_participant_keys', value, message);
  for (const k of keys) {
    if (!k.user_id || !memberIds.includes(k.user_id))
      throw bad(k.user_id ?? '', `User [${k.user_id ?? ''}] is not a participant of this conversation.`);
    if (!k.encrypted_conversation_key) throw bad(k.user_id, `The key for user [${k.user_id}] is empty.`);
    if (k.public_key_version !== undefined && !(await hasKeyVersion(deps, k.user_id, k.public_key_version)))
      throw bad(k.public_key_version, `User [${k.user_id}] has no public key version [${k.public_key_version}].`);
  }
  const missing = memberIds.filter((id) => !keys.some((k) => k.user_id === id));
  if (missing.length) throw bad(missing, `Every participant needs a key; missing: [${missing.join(',')}].`);
}

/**
 * The key-change event's encoded form: the client's own (its key rotation or signed event detail)
 * when given; else Aviary's, base64 JSON of the version and the encrypted keys (ASSUMED: the real
 * Thrift encoding is not published).
 */
function encodedKeyChange(k: KeyChange): string {
  return (
    k.base64_encoded_key_rotation ??
    k.action_signatures?.[0]?.encoded_message_event_detail ??
    Buffer.from(
      JSON.stringify({
        conversation_key_change_event: {
          conversation_key_version: k.conversation_key_version,
          conversation_participant_keys: k.conversation_participant_keys,
        },
      }),
    ).toString('base64')
  );
}

/** Stores the keys of a new version and its key-change event; returns the event. */
async function storeKeyChange(deps: Deps, tx: Queryable, conversationId: string, senderId: string, k: KeyChange) {
  if (await chatRepo.hasKeyVersion(tx, conversationId, k.conversation_key_version))
    throw problems.conflict(`Conversation key version [${k.conversation_key_version}] already exists.`);
  const seq = deps.ids.next();
  for (const p of k.conversation_participant_keys)
    await chatRepo.insertKey(tx, {
      conversation_id: conversationId,
      key_version: k.conversation_key_version,
      user_id: p.user_id!,
      public_key_version: p.public_key_version ?? null,
      encrypted_key: p.encrypted_conversation_key!,
      seq,
    });
  const signed = k.action_signatures?.[0];
  const event: EventRow = {
    seq,
    conversation_id: conversationId,
    kind: 'key_change',
    message_id: signed?.message_id ?? seq,
    sender_id: senderId,
    encoded_event: encodedKeyChange(k),
    signature: signed ? JSON.stringify(signed.message_event_signature) : null,
    conversation_token: null,
    key_version: k.conversation_key_version,
    previous_seq: null,
    created_at: deps.clock.now(),
    expires_at: null,
  };
  await chatRepo.insertEvent(tx, event);
  await chatRepo.touch(tx, conversationId, seq, deps.clock.now(), k.conversation_key_version);
  return event;
}

/** chat.conversation_join for the activity API: who joined, who added them, the key event. */
async function emitJoin(deps: Deps, tx: Queryable, e: EventRow, joined: string[]): Promise<void> {
  if (!joined.length) return;
  await enqueueSource(deps, tx, {
    topic: 'chat.conversation_join',
    payload: { ...chatPayload(e), recipient_ids: joined },
  });
}

/** The activity payload of a chat event (wire notes §6.2, `chat.*`). */
export function chatPayload(e: EventRow): Record<string, unknown> {
  return {
    id: e.message_id,
    sequence_id: e.seq,
    conversation_id: eventConversationId(e.conversation_id),
    sender_id: e.sender_id,
    created_at_msec: String(e.created_at),
    conversation_key_version: e.key_version,
    encoded_event: e.encoded_event,
    ...(e.conversation_token ? { conversation_token: e.conversation_token } : {}),
    ...(e.kind === 'key_change' ? { conversation_key_change_event: e.encoded_event } : {}),
    ...(e.signature ? { message_event_signature: JSON.parse(e.signature) as unknown } : {}),
  };
}

export async function addKeys(deps: Deps, userId: string, t: Target, k: KeyChange) {
  if (t.type === 'direct') {
    if (!t.other) throw conversationNotFound(t.id);
    await requireUser(deps, t.other);
    await checkMayMessage(deps, userId, t.other);
    await checkKeys(deps, k.conversation_participant_keys, [userId, t.other]);
  } else {
    const { members } = await requireConversation(deps, t, userId);
    await checkKeys(
      deps,
      k.conversation_participant_keys,
      members.map((m) => m.user_id),
    );
  }
  const now = deps.clock.now();
  const event = await deps.db.tx(async (tx) => {
    if (t.type === 'direct' && !(await chatRepo.conversation(tx, t.id))) {
      await chatRepo.insertConversation(tx, directRow(t.id, userId, deps.ids.next(), now));
      for (const id of [userId, t.other]) await chatRepo.addMember(tx, member(t.id, id, false, now));
    }
    return storeKeyChange(deps, tx, t.id, userId, k);
  });
  return { conversation_id: t.id, sequence_id: event.seq };
}

const member = (conversationId: string, userId: string, admin: boolean, now: number): MemberRow => ({
  conversation_id: conversationId,
  user_id: userId,
  is_admin: admin ? 1 : 0,
  read_seq: null,
  typing_at: null,
  joined_at: now,
});

const directRow = (id: string, by: string, seq: string, now: number): ConversationRow => ({
  id,
  type: 'direct',
  state: 'active',
  created_by: by,
  group_name: null,
  group_avatar_url: null,
  group_description: null,
  ttl_msec: null,
  key_version: null,
  last_seq: seq,
  created_at: now,
  updated_at: now,
});

/** Reserves a group id for the caller (POST …/group/initialize). */
export async function initializeGroup(deps: Deps, userId: string): Promise<{ conversation_id: string }> {
  const seq = deps.ids.next();
  const id = `g${seq}`;
  await chatRepo.insertConversation(deps.db, {
    ...directRow(id, userId, seq, deps.clock.now()),
    type: 'group',
    state: 'reserved',
  });
  return { conversation_id: id };
}

export type NewGroup = KeyChange & {
  conversation_id: string;
  group_members: string[];
  group_admins?: string[];
  group_name?: string;
  group_avatar_url?: string;
  group_description?: string;
  ttl_msec?: string;
};

async function checkUsers(deps: Deps, ids: string[], parameter: string): Promise<void> {
  const found = new Set((await findUsersByIds(deps, ids)).map((u) => u.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw problems.invalidParam(parameter, missing, `Could not find user with ${parameter}: [${missing}].`);
}

export async function createGroup(deps: Deps, userId: string, g: NewGroup) {
  const reserved = await chatRepo.conversation(deps.db, g.conversation_id);
  if (!reserved || reserved.type !== 'group' || reserved.created_by !== userId)
    throw problems.invalidParam(
      'conversation_id',
      g.conversation_id,
      `The conversation_id [${g.conversation_id}] was not initialized by you (POST /2/chat/conversations/group/initialize).`,
    );
  if (reserved.state !== 'reserved') throw problems.conflict(`Conversation [${g.conversation_id}] already exists.`);
  const members = [...new Set([userId, ...g.group_members])];
  if (members.length > MAX_MEMBERS)
    throw problems.invalidParam(
      'group_members',
      String(members.length),
      `A group holds at most ${MAX_MEMBERS} members.`,
    );
  await checkUsers(deps, g.group_members, 'group_members');
  const admins = new Set(g.group_admins?.length ? g.group_admins : [userId]);
  for (const a of admins)
    if (!members.includes(a)) throw problems.invalidParam('group_admins', a, `Admin [${a}] is not a group member.`);
  await checkKeys(deps, g.conversation_participant_keys, members);
  const ttl = ttlOf(g.ttl_msec, 'ttl_msec') ?? null;
  const now = deps.clock.now();
  const event = await deps.db.tx(async (tx) => {
    const fields = {
      group_name: g.group_name ?? null,
      group_avatar_url: g.group_avatar_url ?? null,
      group_description: g.group_description ?? null,
      ttl_msec: ttl,
    };
    if (!(await chatRepo.activateGroup(tx, g.conversation_id, fields, now)))
      throw problems.conflict(`Conversation [${g.conversation_id}] already exists.`);
    for (const id of members) await chatRepo.addMember(tx, member(g.conversation_id, id, admins.has(id), now));
    const e = await storeKeyChange(deps, tx, g.conversation_id, userId, g);
    await emitJoin(
      deps,
      tx,
      e,
      members.filter((m) => m !== userId),
    );
    return e;
  });
  return { conversation_id: g.conversation_id, conversation_key_change_sequence_id: event.seq };
}

export type NewMembers = Partial<KeyChange> & {
  user_ids: string[];
  encrypted_title?: string;
  encrypted_avatar_url?: string;
};

/** Adds members to a group (its admins only, ASSUMED), rotating the key when a new version is given. */
export async function addMembers(deps: Deps, userId: string, t: Target, b: NewMembers) {
  if (t.type !== 'group') throw problems.invalidParam('id', t.id, 'Members can only be added to a group conversation.');
  const { members } = await requireConversation(deps, t, userId);
  if (!members.find((m) => m.user_id === userId)?.is_admin)
    throw problems.forbidden('Only group admins can add members.');
  await checkUsers(deps, b.user_ids, 'user_ids');
  const joined = b.user_ids.filter((id) => !members.some((m) => m.user_id === id));
  const all = [...members.map((m) => m.user_id), ...new Set(joined)];
  if (all.length > MAX_MEMBERS)
    throw problems.invalidParam('user_ids', String(all.length), `A group holds at most ${MAX_MEMBERS} members.`);
  const rotation = b.conversation_key_version
    ? {
        ...b,
        conversation_key_version: b.conversation_key_version,
        conversation_participant_keys: b.conversation_participant_keys ?? [],
      }
    : null;
  if (rotation) await checkKeys(deps, rotation.conversation_participant_keys, all);
  const now = deps.clock.now();
  const seq = await deps.db.tx(async (tx) => {
    for (const id of new Set(joined)) await chatRepo.addMember(tx, member(t.id, id, false, now));
    await chatRepo.rename(tx, t.id, b.encrypted_title ?? null, b.encrypted_avatar_url ?? null);
    if (!rotation) return undefined;
    const e = await storeKeyChange(deps, tx, t.id, userId, rotation);
    await emitJoin(deps, tx, e, [...new Set(joined)]);
    return e.seq;
  });
  return { ...(seq ? { conversation_key_change_sequence_id: seq } : {}), current_member_ids: all };
}
