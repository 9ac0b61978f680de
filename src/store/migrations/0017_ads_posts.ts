// Posts made through the Ads API (seed "Creatives"; ads-api-wire-notes §9.1–§9.3): scheduled posts,
// draft posts, and what the Ads API keeps beside a published post (its `name`, conversation settings
// and video call to action). Scheduled and draft post ids are numeric strings like post ids ("Published,
// scheduled, and draft Tweet IDs are numeric", notes §4); both are hard deleted (notes §9.1, §9.2).
// The publisher finds due posts by (scheduled_status, scheduled_at) at start.
export default `
CREATE TABLE ads_scheduled_tweets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  app_id TEXT,
  text TEXT NOT NULL,
  name TEXT,
  card_uri TEXT,
  media_keys TEXT NOT NULL,
  nullcast INTEGER NOT NULL,
  scheduled_at BIGINT NOT NULL,
  scheduled_status TEXT NOT NULL,
  completed_at BIGINT,
  tweet_id TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_scheduled_tweets_account ON ads_scheduled_tweets (account_id, created_at, id);
CREATE INDEX ads_scheduled_tweets_due ON ads_scheduled_tweets (scheduled_status, scheduled_at);

CREATE TABLE ads_draft_tweets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  text TEXT NOT NULL,
  name TEXT,
  card_uri TEXT,
  media_keys TEXT NOT NULL,
  nullcast INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_draft_tweets_account ON ads_draft_tweets (account_id, created_at, id);

CREATE TABLE ads_tweets (
  tweet_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  name TEXT,
  card_uri TEXT,
  conversation_settings TEXT,
  video TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_tweets_account ON ads_tweets (account_id, tweet_id);
CREATE INDEX ads_scheduled_promoted_tweets_scheduled ON ads_scheduled_promoted_tweets (scheduled_tweet_id);
`;
