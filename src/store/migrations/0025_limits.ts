// Rate-limit counters and post reads (issue #20; src/limits, ADR 0019). Each counter is one row per
// key (pool, endpoint, caller, window length) holding the current window: when it resets and how many
// requests it has counted. Processes add their counts in batches and read the shared total back. Post
// reads are counted per app and UTC day; a month's usage is the sum of its days.
export default `
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  reset_at BIGINT NOT NULL,
  used BIGINT NOT NULL
);
CREATE TABLE post_reads (
  app_id TEXT NOT NULL,
  day TEXT NOT NULL,
  posts BIGINT NOT NULL,
  PRIMARY KEY (app_id, day)
);
`;
