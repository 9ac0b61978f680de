// Poll cards and video conversation cards of the Ads API (seed 001 "Creatives"; notes §9.5; DOCS
// x-ads-api/creatives/reference.mdx "Poll Cards", "Video Conversation Cards"). One table each, as
// ADR 0017: `id` base-36 TEXT, `account_id`, `card_uri` (`card://<snowflake>`, looked up by cards/all),
// times epoch ms. Both deletes are hard deletes in the docs ("it is not possible to retrieve deleted
// cards"), so neither table has a `deleted` column. Media fields are copied from the media library at
// creation (the card keeps showing them whatever the library does later); a poll's media fields are
// the wire's strings-for-numbers as one JSON object, nothing filters inside it.
export default `
CREATE TABLE ads_poll_cards (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  card_uri TEXT NOT NULL,
  name TEXT NOT NULL,
  card_type TEXT NOT NULL,
  duration_in_minutes INTEGER NOT NULL,
  first_choice TEXT NOT NULL,
  second_choice TEXT NOT NULL,
  third_choice TEXT,
  fourth_choice TEXT,
  media_key TEXT,
  media_fields TEXT NOT NULL,
  start_time BIGINT NOT NULL,
  end_time BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_poll_cards_account ON ads_poll_cards (account_id, created_at, id);
CREATE UNIQUE INDEX ads_poll_cards_uri ON ads_poll_cards (card_uri);

CREATE TABLE ads_video_conversation_cards (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  card_uri TEXT NOT NULL,
  name TEXT NOT NULL,
  title TEXT,
  first_cta TEXT NOT NULL,
  first_cta_tweet TEXT NOT NULL,
  second_cta TEXT,
  second_cta_tweet TEXT,
  third_cta TEXT,
  third_cta_tweet TEXT,
  fourth_cta TEXT,
  fourth_cta_tweet TEXT,
  thank_you_text TEXT NOT NULL,
  thank_you_url TEXT,
  media_key TEXT NOT NULL,
  media_url TEXT,
  poster_media_key TEXT,
  poster_media_url TEXT,
  video_owner_id TEXT NOT NULL,
  video_width TEXT,
  video_height TEXT,
  unlocked_image_media_key TEXT,
  unlocked_video_media_key TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_video_conversation_cards_account ON ads_video_conversation_cards (account_id, created_at, id);
CREATE UNIQUE INDEX ads_video_conversation_cards_uri ON ads_video_conversation_cards (card_uri);
`;
