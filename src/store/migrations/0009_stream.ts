// Filtered stream: each app's rules, a version per rule set (changes made by another process are
// noticed by comparing it), and the history of streaming connections (GET /2/connections): `id` is
// a time-ordered snowflake for paging, `uuid` what the API shows and DELETE /2/connections takes.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT.
export default `
CREATE TABLE stream_rules (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  value TEXT NOT NULL,
  tag TEXT,
  created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX stream_rules_app_value ON stream_rules (app_id, value);

CREATE TABLE stream_rule_versions (
  app_id TEXT PRIMARY KEY,
  version TEXT NOT NULL,
  previous TEXT
);

CREATE TABLE stream_connections (
  id TEXT PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  app_id TEXT NOT NULL,
  endpoint_name TEXT NOT NULL,
  client_ip TEXT,
  holder TEXT NOT NULL,
  connected_at BIGINT NOT NULL,
  disconnected_at BIGINT,
  disconnect_reason TEXT,
  kill_requested INTEGER NOT NULL DEFAULT 0,
  seen_at BIGINT NOT NULL
);
CREATE INDEX stream_connections_app ON stream_connections (app_id, disconnected_at);
`;
