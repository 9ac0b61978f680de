// What nodes sharing one PostgreSQL must see alike (issue #22 part 4, issue #20 parts 3 and 4; ADR 0023
// "Shared through the store"): fault rules with their uses counted across nodes (a rule's `count` is
// spent by an atomic claim of one use), the request journal written behind in batches by every node
// (listed newest first by `at`, the wall time it was recorded, then `seq`, which numbers the rows in
// the order they were written and is the paging cursor), the control API's overrides of an
// endpoint's rate limits, and the activity stream's open connections (counted per app across nodes,
// a row heartbeated by its node while open). The embedded store has one process and keeps all four
// in memory; the tables exist there too, so both stores carry one schema.
const tables = (seq: string) => `
CREATE TABLE fault_rules (
  id TEXT PRIMARY KEY,
  rule TEXT NOT NULL,
  matched BIGINT NOT NULL DEFAULT 0,
  fired BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE journal_entries (
  seq ${seq},
  node TEXT NOT NULL,
  at BIGINT NOT NULL,
  entry TEXT NOT NULL
);
CREATE INDEX journal_entries_at ON journal_entries (at, seq);
CREATE TABLE rate_limit_overrides (
  endpoint TEXT PRIMARY KEY,
  limits TEXT NOT NULL
);
CREATE TABLE activity_connections (
  uuid TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  holder TEXT NOT NULL,
  seen_at BIGINT NOT NULL
);
CREATE INDEX activity_connections_app ON activity_connections (app_id);
`;

export default { sqlite: tables('INTEGER PRIMARY KEY'), postgres: tables('BIGSERIAL PRIMARY KEY') };
