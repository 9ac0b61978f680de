// The Ads API's campaign management (docs/adr/0017): ads accounts and who may use them, features,
// promotable users, account apps, funding instruments, campaigns, line items, their curated
// categories, targeting criteria, promoted and scheduled promoted posts, and the account history.
// One table per resource: `id` base-36 TEXT, `account_id`, typed columns for what is filtered, sorted
// or checked, `created_at`/`updated_at` epoch ms, `deleted` 0/1 (soft delete). Lists are read by
// keyset on (sort column, id), hence the (account_id, …) indexes. Amounts `*_local_micro` are BIGINT.
// Arrays (placements, categories, permissions) are JSON TEXT; nothing filters inside them.
export default `
CREATE TABLE ads_accounts (
  id TEXT PRIMARY KEY,
  owner_user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  business_id TEXT,
  business_name TEXT,
  timezone TEXT NOT NULL,
  timezone_switch_at BIGINT,
  currency TEXT NOT NULL,
  industry_type TEXT,
  approval_status TEXT NOT NULL,
  sandbox INTEGER NOT NULL,
  history_allowed INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);

-- Who may call an account: its owner (every role) and users granted roles through the control API.
CREATE TABLE ads_account_users (
  account_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  permissions TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (account_id, user_id)
);
CREATE INDEX ads_account_users_user ON ads_account_users (user_id, account_id);

CREATE TABLE ads_account_features (
  account_id TEXT NOT NULL,
  feature_key TEXT NOT NULL,
  PRIMARY KEY (account_id, feature_key)
);

CREATE TABLE ads_promotable_users (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  promotable_user_type TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX ads_promotable_users_user ON ads_promotable_users (account_id, user_id);

CREATE TABLE ads_account_apps (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  app_store_identifier TEXT NOT NULL,
  os_type TEXT NOT NULL,
  conversion_tracking_enabled INTEGER NOT NULL,
  deep_link_pattern TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_account_apps_account ON ads_account_apps (account_id, id);

CREATE TABLE ads_funding_instruments (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  type TEXT NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  start_time BIGINT,
  end_time BIGINT,
  credit_limit_local_micro BIGINT,
  funded_amount_local_micro BIGINT,
  credit_remaining_local_micro BIGINT,
  io_header TEXT,
  entity_status TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_funding_instruments_account ON ads_funding_instruments (account_id, id);

CREATE TABLE ads_campaigns (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  funding_instrument_id TEXT NOT NULL,
  name TEXT NOT NULL,
  budget_optimization TEXT NOT NULL,
  daily_budget_amount_local_micro BIGINT,
  total_budget_amount_local_micro BIGINT,
  entity_status TEXT NOT NULL,
  purchase_order_number TEXT,
  standard_delivery INTEGER,
  duration_in_days INTEGER,
  frequency_cap INTEGER,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_campaigns_account ON ads_campaigns (account_id, id);

CREATE TABLE ads_line_items (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  name TEXT,
  objective TEXT NOT NULL,
  product_type TEXT NOT NULL,
  placements TEXT NOT NULL,
  goal TEXT NOT NULL,
  bid_strategy TEXT NOT NULL,
  bid_amount_local_micro BIGINT,
  target_cpa_local_micro BIGINT,
  pay_by TEXT NOT NULL,
  start_time BIGINT,
  end_time BIGINT,
  entity_status TEXT NOT NULL,
  daily_budget_amount_local_micro BIGINT,
  total_budget_amount_local_micro BIGINT,
  duration_in_days INTEGER,
  frequency_cap INTEGER,
  standard_delivery INTEGER,
  categories TEXT NOT NULL,
  audience_expansion TEXT,
  advertiser_user_id TEXT,
  advertiser_domain TEXT,
  android_app_store_identifier TEXT,
  ios_app_store_identifier TEXT,
  primary_web_event_tag TEXT,
  automatic_tweet_promotion INTEGER,
  creative_source TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_line_items_account ON ads_line_items (account_id, id);
CREATE INDEX ads_line_items_campaign ON ads_line_items (campaign_id, id);

CREATE TABLE ads_line_item_curated_categories (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  line_item_id TEXT NOT NULL,
  curated_category_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_licc_account ON ads_line_item_curated_categories (account_id, id);

CREATE TABLE ads_targeting_criteria (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  line_item_id TEXT NOT NULL,
  name TEXT NOT NULL,
  operator_type TEXT NOT NULL,
  targeting_type TEXT NOT NULL,
  targeting_value TEXT NOT NULL,
  location_type TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_targeting_criteria_line_item ON ads_targeting_criteria (line_item_id, id);
CREATE INDEX ads_targeting_criteria_account ON ads_targeting_criteria (account_id, id);

CREATE TABLE ads_promoted_tweets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  line_item_id TEXT NOT NULL,
  tweet_id TEXT NOT NULL,
  entity_status TEXT NOT NULL,
  approval_status TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_promoted_tweets_account ON ads_promoted_tweets (account_id, id);
CREATE INDEX ads_promoted_tweets_line_item ON ads_promoted_tweets (line_item_id, id);

CREATE TABLE ads_scheduled_promoted_tweets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  line_item_id TEXT NOT NULL,
  scheduled_tweet_id TEXT NOT NULL,
  tweet_id TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_scheduled_promoted_tweets_account ON ads_scheduled_promoted_tweets (account_id, id);

-- Account history (beta): one entry per change made through the Ads API, written in the change's
-- transaction. entity_data is the entity's snapshot after the change (JSON), changes the fields that
-- changed with their old and new values (JSON).
CREATE TABLE ads_history (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  change_type TEXT NOT NULL,
  change_time BIGINT NOT NULL,
  user_id TEXT NOT NULL,
  platform TEXT NOT NULL,
  changes TEXT NOT NULL,
  entity_data TEXT NOT NULL
);
CREATE INDEX ads_history_entity ON ads_history (account_id, entity_type, entity_id, change_time);
`;
