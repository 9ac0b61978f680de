// X Chat (end-to-end encrypted messaging, SPEC 2.166 tag "Chat"), users' chat public keys and DM
// blocks. The server keeps what clients encrypt as opaque text (encoded events, encrypted keys,
// signatures); it models who is in which conversation, the order of events (`seq`, a snowflake per
// event: the sequence id clients mark read up to), key versions, read state and typing.
// A conversation row is first `reserved` (POST /2/chat/conversations/group/initialize) and becomes
// `active` when the group is created; one-to-one conversations (`<low>-<high>`) start active when
// their first keys are added. `last_seq` orders the inbox. Chat media bytes live under
// <data-dir>/chat-media, as uploaded media do under <data-dir>/media.
export default `
CREATE TABLE chat_conversations (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  state TEXT NOT NULL,
  created_by TEXT NOT NULL,
  group_name TEXT,
  group_avatar_url TEXT,
  group_description TEXT,
  ttl_msec BIGINT,
  key_version TEXT,
  last_seq TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

CREATE TABLE chat_members (
  conversation_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  is_admin INTEGER NOT NULL DEFAULT 0,
  read_seq TEXT,
  typing_at BIGINT,
  joined_at BIGINT NOT NULL,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX chat_members_user ON chat_members (user_id, conversation_id);

CREATE TABLE chat_keys (
  conversation_id TEXT NOT NULL,
  key_version TEXT NOT NULL,
  user_id TEXT NOT NULL,
  public_key_version TEXT,
  encrypted_key TEXT,
  seq TEXT NOT NULL,
  PRIMARY KEY (conversation_id, key_version, user_id)
);

CREATE TABLE chat_events (
  seq TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  message_id TEXT NOT NULL,
  sender_id TEXT NOT NULL,
  encoded_event TEXT NOT NULL,
  signature TEXT,
  conversation_token TEXT,
  key_version TEXT,
  previous_seq TEXT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT
);
CREATE INDEX chat_events_conversation ON chat_events (conversation_id, seq);
CREATE UNIQUE INDEX chat_events_message ON chat_events (conversation_id, sender_id, message_id);

CREATE TABLE chat_media (
  session_id TEXT PRIMARY KEY,
  media_hash_key TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  total_bytes BIGINT,
  received_bytes BIGINT NOT NULL DEFAULT 0,
  segments TEXT NOT NULL DEFAULT '[]',
  state TEXT NOT NULL,
  message_id TEXT,
  ttl_msec BIGINT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);

CREATE TABLE chat_public_keys (
  user_id TEXT NOT NULL,
  version TEXT NOT NULL,
  public_key TEXT,
  signing_public_key TEXT,
  identity_public_key_signature TEXT,
  signing_public_key_signature TEXT,
  public_key_fingerprint TEXT,
  registration_method TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, version)
);

CREATE TABLE dm_blocks (
  source_id TEXT NOT NULL,
  target_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (source_id, target_id)
);
`;
