// OAuth flows: the sealed live app-only bearer (ADR 0005), OAuth 1.0a nonces and request tokens,
// OAuth 2.0 authorization codes, and the sign-in pages' sessions.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT.
export default `
ALTER TABLE app_bearer_tokens ADD COLUMN sealed TEXT;

CREATE TABLE oauth1_nonces (
  nonce_key TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
CREATE INDEX oauth1_nonces_expiry ON oauth1_nonces (expires_at);

CREATE INDEX oauth1_tokens_user ON oauth1_tokens (app_id, user_id);

CREATE TABLE oauth1_request_tokens (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  app_id TEXT NOT NULL,
  callback TEXT NOT NULL,
  access TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  user_id TEXT,
  verifier_hash TEXT,
  used_at BIGINT
);

CREATE TABLE oauth2_codes (
  code_hash TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  challenge TEXT NOT NULL,
  challenge_method TEXT NOT NULL,
  family TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);

CREATE INDEX oauth2_tokens_family ON oauth2_tokens (family);

CREATE TABLE web_sessions (
  session_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
`;
