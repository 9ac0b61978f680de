// Webhooks and event delivery: the registry and its check state, every delivery attempt, replay
// jobs, filtered-stream links, X Activity API and Account Activity API subscriptions, and the
// activity event log the persistent activity stream tails.
// The events themselves travel through `outbox` (topic `webhook.delivery`, target = webhook id),
// whose rows stay after delivery so a replay can send them again.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT.
export default `
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  url TEXT NOT NULL,
  valid INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  last_success_at BIGINT,
  last_check_at BIGINT,
  last_check_result TEXT,
  next_check_at BIGINT,
  invalid_reason TEXT
);
CREATE UNIQUE INDEX webhooks_app_url ON webhooks (app_id, url);
CREATE INDEX webhooks_next_check ON webhooks (valid, next_check_at);

CREATE TABLE webhook_attempts (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  delivery_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,
  response_code INTEGER,
  latency_ms INTEGER,
  error TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX webhook_attempts_webhook ON webhook_attempts (webhook_id, id);

CREATE TABLE webhook_replay_jobs (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  app_id TEXT NOT NULL,
  from_at BIGINT NOT NULL,
  to_at BIGINT NOT NULL,
  state TEXT NOT NULL,
  events INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  finished_at BIGINT
);
CREATE INDEX webhook_replay_jobs_state ON webhook_replay_jobs (state, webhook_id);

CREATE TABLE webhook_stream_links (
  webhook_id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  instance_id TEXT NOT NULL,
  fields TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX webhook_stream_links_app ON webhook_stream_links (app_id);

CREATE TABLE activity_subscriptions (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  user_id TEXT,
  keyword TEXT,
  direction TEXT,
  tag TEXT,
  webhook_id TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX activity_subscriptions_match ON activity_subscriptions (event_type, user_id);
CREATE INDEX activity_subscriptions_app ON activity_subscriptions (app_id, id);

CREATE TABLE activity_events (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  envelope TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX activity_events_app ON activity_events (app_id, created_at);

CREATE TABLE aaa_subscriptions (
  webhook_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  app_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (webhook_id, user_id)
);
CREATE INDEX aaa_subscriptions_user ON aaa_subscriptions (user_id);

CREATE TABLE user_profile_extras (
  user_id TEXT PRIMARY KEY,
  affiliation TEXT,
  banner_url TEXT
);

CREATE TABLE activity_spaces (
  id TEXT PRIMARY KEY,
  host_id TEXT NOT NULL,
  title TEXT,
  state TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  ended_at BIGINT
);

CREATE INDEX outbox_topic_target ON outbox (topic, target, created_at);
CREATE INDEX outbox_claim ON outbox (topic, status, available_at);
`;
