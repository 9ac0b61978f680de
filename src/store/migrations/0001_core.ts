// Core tables: bookkeeping, outbox, apps and their credentials, users.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT.
export default `
CREATE TABLE aviary_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE aviary_workers (
  worker_id INTEGER PRIMARY KEY,
  holder TEXT NOT NULL,
  lease_until BIGINT NOT NULL
);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  topic TEXT NOT NULL,
  target TEXT,
  payload TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  available_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'pending',
  locked_by TEXT,
  locked_until BIGINT,
  last_error TEXT
);
CREATE INDEX outbox_due ON outbox (status, available_at);

CREATE TABLE apps (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  permission TEXT NOT NULL,
  tier TEXT NOT NULL,
  consumer_key TEXT NOT NULL UNIQUE,
  consumer_secret TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE,
  client_secret_hash TEXT NOT NULL,
  callback_urls TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

CREATE TABLE app_bearer_tokens (
  token_hash TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  invalidated_at BIGINT
);
CREATE INDEX app_bearer_tokens_app ON app_bearer_tokens (app_id);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  username_lower TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  location TEXT,
  url TEXT,
  profile_image_url TEXT,
  verified INTEGER NOT NULL DEFAULT 0,
  verified_type TEXT NOT NULL DEFAULT 'none',
  protected INTEGER NOT NULL DEFAULT 0,
  premium INTEGER NOT NULL DEFAULT 0,
  password_hash TEXT,
  pinned_tweet_id TEXT,
  created_at BIGINT NOT NULL,
  followers_count INTEGER NOT NULL DEFAULT 0,
  following_count INTEGER NOT NULL DEFAULT 0,
  tweet_count INTEGER NOT NULL DEFAULT 0,
  listed_count INTEGER NOT NULL DEFAULT 0,
  like_count INTEGER NOT NULL DEFAULT 0,
  media_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE oauth1_tokens (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  app_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  access TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  invalidated_at BIGINT
);
CREATE INDEX oauth1_tokens_app ON oauth1_tokens (app_id);

CREATE TABLE oauth2_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  app_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  family TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT,
  revoked_at BIGINT
);
CREATE INDEX oauth2_tokens_app ON oauth2_tokens (app_id);
`;
