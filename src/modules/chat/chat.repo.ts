// Every SQL statement for X Chat: conversations, members, conversation keys, events and media
// upload sessions (migration 0029_chat).
import type { Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type ConversationRow = {
  id: string;
  type: 'direct' | 'group';
  state: 'reserved' | 'active';
  created_by: string;
  group_name: string | null;
  group_avatar_url: string | null;
  group_description: string | null;
  ttl_msec: number | null;
  key_version: string | null;
  last_seq: string;
  created_at: number;
  updated_at: number;
};
export type MemberRow = {
  conversation_id: string;
  user_id: string;
  is_admin: number;
  read_seq: string | null;
  typing_at: number | null;
  joined_at: number;
};
export type KeyRow = {
  conversation_id: string;
  key_version: string;
  user_id: string;
  public_key_version: string | null;
  encrypted_key: string | null;
  seq: string;
};
export type EventRow = {
  seq: string;
  conversation_id: string;
  kind: 'message' | 'key_change';
  message_id: string;
  sender_id: string;
  encoded_event: string;
  signature: string | null;
  conversation_token: string | null;
  key_version: string | null;
  previous_seq: string | null;
  created_at: number;
  expires_at: number | null;
};
export type MediaRow = {
  session_id: string;
  media_hash_key: string;
  conversation_id: string;
  owner_id: string;
  total_bytes: number | null;
  received_bytes: number;
  segments: string;
  state: 'pending' | 'done';
  message_id: string | null;
  ttl_msec: number | null;
  created_at: number;
  expires_at: number;
};

const CONVERSATION = [
  'id',
  'type',
  'state',
  'created_by',
  'group_name',
  'group_avatar_url',
  'group_description',
  'ttl_msec',
  'key_version',
  'last_seq',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ConversationRow)[];
const EVENT = [
  'seq',
  'conversation_id',
  'kind',
  'message_id',
  'sender_id',
  'encoded_event',
  'signature',
  'conversation_token',
  'key_version',
  'previous_seq',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof EventRow)[];
const MEDIA = [
  'session_id',
  'media_hash_key',
  'conversation_id',
  'owner_id',
  'total_bytes',
  'received_bytes',
  'segments',
  'state',
  'message_id',
  'ttl_msec',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof MediaRow)[];
const KEY = [
  'conversation_id',
  'key_version',
  'user_id',
  'public_key_version',
  'encrypted_key',
  'seq',
] as const satisfies readonly (keyof KeyRow)[];

/** Events still visible at `now`: a message past its conversation's TTL is gone. */
const LIVE = '(e.expires_at IS NULL OR e.expires_at > ?)';

export const chatRepo = {
  insertConversation: (db: Queryable, c: ConversationRow) => insertRow(db, 'chat_conversations', CONVERSATION, c),
  conversation: (db: Queryable, id: string) =>
    db.get<ConversationRow>('SELECT * FROM chat_conversations WHERE id = ?', [id]),
  async activateGroup(
    db: Queryable,
    id: string,
    c: Pick<ConversationRow, 'group_name' | 'group_avatar_url' | 'group_description' | 'ttl_msec'>,
    now: number,
  ): Promise<boolean> {
    const r = await db.run(
      `UPDATE chat_conversations SET state = 'active', group_name = ?, group_avatar_url = ?, group_description = ?,
         ttl_msec = ?, created_at = ?, updated_at = ? WHERE id = ? AND state = 'reserved'`,
      [c.group_name, c.group_avatar_url, c.group_description, c.ttl_msec, now, now, id],
    );
    return r.changes > 0;
  },
  async touch(db: Queryable, id: string, seq: string, now: number, keyVersion?: string): Promise<void> {
    await db.run(
      'UPDATE chat_conversations SET last_seq = ?, updated_at = ?, key_version = COALESCE(?, key_version) WHERE id = ?',
      [seq, now, keyVersion ?? null, id],
    );
  },
  async rename(db: Queryable, id: string, name: string | null, avatar: string | null): Promise<void> {
    await db.run(
      'UPDATE chat_conversations SET group_name = COALESCE(?, group_name), group_avatar_url = COALESCE(?, group_avatar_url) WHERE id = ?',
      [name, avatar, id],
    );
  },
  /** The caller's active conversations, latest activity first, below a cursor (`last_seq`). */
  inbox: (db: Queryable, userId: string, limit: number, before?: string) =>
    db.all<ConversationRow>(
      `SELECT c.* FROM chat_conversations c JOIN chat_members m ON m.conversation_id = c.id
       WHERE m.user_id = ? AND c.state = 'active'${before ? ' AND c.last_seq < ?' : ''}
       ORDER BY c.last_seq DESC LIMIT ?`,
      before ? [userId, before, limit + 1] : [userId, limit + 1],
    ),
  /** Whether someone else started a one-to-one with the user that the user never answered. */
  hasRequests: async (db: Queryable, userId: string) =>
    Boolean(
      await db.get(
        `SELECT 1 AS x FROM chat_conversations c JOIN chat_members m ON m.conversation_id = c.id
         WHERE m.user_id = ? AND c.type = 'direct' AND c.state = 'active' AND c.created_by <> ?
           AND NOT EXISTS (SELECT 1 FROM chat_events e WHERE e.conversation_id = c.id AND e.sender_id = ? AND e.kind = 'message')`,
        [userId, userId, userId],
      ),
    ),

  async addMember(db: Queryable, m: MemberRow): Promise<boolean> {
    const r = await db.run(
      `INSERT INTO chat_members (conversation_id, user_id, is_admin, read_seq, typing_at, joined_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (conversation_id, user_id) DO NOTHING`,
      [m.conversation_id, m.user_id, m.is_admin, m.read_seq, m.typing_at, m.joined_at],
    );
    return r.changes > 0;
  },
  member: (db: Queryable, conversationId: string, userId: string) =>
    db.get<MemberRow>('SELECT * FROM chat_members WHERE conversation_id = ? AND user_id = ?', [conversationId, userId]),
  members: (db: Queryable, conversationIds: readonly string[]) =>
    conversationIds.length === 0
      ? Promise.resolve([] as MemberRow[])
      : db.all<MemberRow>(
          `SELECT * FROM chat_members WHERE conversation_id IN (${conversationIds.map(() => '?').join(', ')}) ORDER BY joined_at, user_id`,
          [...conversationIds],
        ),
  async markRead(db: Queryable, conversationId: string, userId: string, seq: string): Promise<void> {
    await db.run('UPDATE chat_members SET read_seq = ? WHERE conversation_id = ? AND user_id = ?', [
      seq,
      conversationId,
      userId,
    ]);
  },
  async typing(db: Queryable, conversationId: string, userId: string, now: number): Promise<void> {
    await db.run('UPDATE chat_members SET typing_at = ? WHERE conversation_id = ? AND user_id = ?', [
      now,
      conversationId,
      userId,
    ]);
  },

  insertKey: (db: Queryable, k: KeyRow) => insertRow(db, 'chat_keys', KEY, k),
  hasKeyVersion: async (db: Queryable, conversationId: string, version: string) =>
    Boolean(
      await db.get('SELECT 1 AS x FROM chat_keys WHERE conversation_id = ? AND key_version = ?', [
        conversationId,
        version,
      ]),
    ),

  insertEvent: (db: Queryable, e: EventRow) => insertRow(db, 'chat_events', EVENT, e),
  event: (db: Queryable, conversationId: string, seq: string) =>
    db.get<EventRow>('SELECT * FROM chat_events WHERE conversation_id = ? AND seq = ?', [conversationId, seq]),
  sentMessage: (db: Queryable, conversationId: string, senderId: string, messageId: string) =>
    db.get<EventRow>('SELECT * FROM chat_events WHERE conversation_id = ? AND sender_id = ? AND message_id = ?', [
      conversationId,
      senderId,
      messageId,
    ]),
  lastMessage: (db: Queryable, conversationId: string) =>
    db.get<EventRow>(
      "SELECT * FROM chat_events WHERE conversation_id = ? AND kind = 'message' ORDER BY seq DESC LIMIT 1",
      [conversationId],
    ),
  /** One page of live events, newest first, below a cursor. */
  events: (db: Queryable, conversationId: string, now: number, limit: number, before?: string) =>
    db.all<EventRow>(
      `SELECT e.* FROM chat_events e WHERE e.conversation_id = ? AND ${LIVE}${before ? ' AND e.seq < ?' : ''}
       ORDER BY e.seq DESC LIMIT ?`,
      before ? [conversationId, now, before, limit + 1] : [conversationId, now, limit + 1],
    ),
  keyChanges: (db: Queryable, conversationId: string) =>
    db.all<EventRow>("SELECT * FROM chat_events WHERE conversation_id = ? AND kind = 'key_change' ORDER BY seq", [
      conversationId,
    ]),

  insertMedia: (db: Queryable, m: MediaRow) => insertRow(db, 'chat_media', MEDIA, m),
  media: (db: Queryable, sessionId: string) =>
    db.get<MediaRow>('SELECT * FROM chat_media WHERE session_id = ?', [sessionId]),
  mediaByHash: (db: Queryable, hashKey: string) =>
    db.get<MediaRow>('SELECT * FROM chat_media WHERE media_hash_key = ?', [hashKey]),
  async appended(db: Queryable, sessionId: string, bytes: number, segments: string): Promise<void> {
    await db.run('UPDATE chat_media SET received_bytes = ?, segments = ? WHERE session_id = ?', [
      bytes,
      segments,
      sessionId,
    ]);
  },
  async finished(
    db: Queryable,
    sessionId: string,
    m: Pick<MediaRow, 'received_bytes' | 'message_id' | 'ttl_msec' | 'expires_at'>,
  ): Promise<void> {
    await db.run(
      "UPDATE chat_media SET state = 'done', received_bytes = ?, message_id = ?, ttl_msec = ?, expires_at = ? WHERE session_id = ?",
      [m.received_bytes, m.message_id, m.ttl_msec, m.expires_at, sessionId],
    );
  },
};
