// Posts and everything hanging off them: media, polls, the social graph (follows, blocks, mutes),
// likes, bookmarks, lists, direct messages and the monthly post usage of the older basic tier.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT. `seq` is the
// id left-padded to 19 digits so text order is numeric order (post 20 predates every snowflake).
// Edge tables share one shape (source_id → target_id, with their own snowflake `id` as the
// pagination cursor) so one repository helper serves them all.
const edge = (name: string) => `
CREATE TABLE ${name} (
  source_id TEXT NOT NULL,
  target_id TEXT NOT NULL,
  id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (source_id, target_id)
);
CREATE INDEX ${name}_source ON ${name} (source_id, id);
CREATE INDEX ${name}_target ON ${name} (target_id, id);
`;

export default `
CREATE TABLE posts (
  id TEXT PRIMARY KEY,
  seq TEXT NOT NULL,
  author_id TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  conversation_id TEXT NOT NULL,
  reply_to_id TEXT,
  reply_to_user_id TEXT,
  quote_of_id TEXT,
  repost_of_id TEXT,
  lang TEXT NOT NULL,
  source TEXT NOT NULL,
  possibly_sensitive INTEGER NOT NULL DEFAULT 0,
  reply_settings TEXT NOT NULL DEFAULT 'everyone',
  paid_partnership INTEGER NOT NULL DEFAULT 0,
  community_id TEXT,
  nullcast INTEGER NOT NULL DEFAULT 0,
  place_id TEXT,
  coordinates TEXT,
  media_keys TEXT,
  poll_id TEXT,
  entities TEXT,
  context_annotations TEXT,
  display_end INTEGER NOT NULL,
  edit_root_id TEXT NOT NULL,
  edit_history TEXT NOT NULL,
  superseded_by TEXT,
  edits_remaining INTEGER NOT NULL DEFAULT 5,
  retweet_count INTEGER NOT NULL DEFAULT 0,
  reply_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER NOT NULL DEFAULT 0,
  quote_count INTEGER NOT NULL DEFAULT 0,
  bookmark_count INTEGER NOT NULL DEFAULT 0,
  impression_count INTEGER NOT NULL DEFAULT 0,
  app_id TEXT
);
CREATE INDEX posts_author ON posts (author_id, seq);
CREATE INDEX posts_conversation ON posts (conversation_id, seq);
CREATE INDEX posts_reply_to ON posts (reply_to_id, seq);
CREATE INDEX posts_quote_of ON posts (quote_of_id, seq);
CREATE INDEX posts_repost_of ON posts (repost_of_id, seq);
CREATE INDEX posts_edit_root ON posts (edit_root_id, seq);
CREATE INDEX posts_seq ON posts (seq);

CREATE TABLE post_mentions (
  user_id TEXT NOT NULL,
  post_id TEXT NOT NULL,
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX post_mentions_post ON post_mentions (post_id);

CREATE TABLE polls (
  id TEXT PRIMARY KEY,
  post_id TEXT NOT NULL,
  options TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL,
  end_at BIGINT NOT NULL
);

CREATE TABLE media (
  id TEXT PRIMARY KEY,
  media_key TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL,
  type TEXT NOT NULL,
  media_category TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  total_bytes BIGINT NOT NULL,
  received_bytes BIGINT NOT NULL DEFAULT 0,
  segments TEXT NOT NULL DEFAULT '[]',
  state TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  duration_ms INTEGER,
  alt_text TEXT,
  url TEXT,
  preview_image_url TEXT,
  view_count INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
${edge('follows')}
${edge('follow_requests')}
${edge('blocks')}
${edge('mutes')}
${edge('likes')}
${edge('bookmarks')}
${edge('list_members')}
${edge('list_followers')}
${edge('pinned_lists')}
CREATE TABLE lists (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  private INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  member_count INTEGER NOT NULL DEFAULT 0,
  follower_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX lists_owner ON lists (owner_id, id);

CREATE TABLE dm_conversations (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
${edge('dm_participants')}
CREATE TABLE dm_events (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  sender_id TEXT NOT NULL,
  text TEXT,
  entities TEXT,
  media_keys TEXT,
  referenced_tweets TEXT,
  participant_ids TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX dm_events_conversation ON dm_events (conversation_id, id);

CREATE TABLE post_usage (
  app_id TEXT NOT NULL,
  month TEXT NOT NULL,
  posts BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, month)
);
`;
