// The Ads media library and account media (seed 001 "Creatives"; notes §9.6). A library entry is an
// upload of /2/media/upload (the `media` table) added to one account, addressed by its media key;
// one media is in an account's library at most once while not deleted (the partial unique index), and
// may be added again after a delete. Account media are the creatives of publisher placements
// (`PREROLL` for AMPLIFY_VIDEO library videos, images for the other creative types).
export default `
CREATE TABLE ads_media_library (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  media_key TEXT NOT NULL,
  media_id TEXT NOT NULL,
  media_type TEXT NOT NULL,
  media_category TEXT NOT NULL,
  media_url TEXT,
  width INTEGER,
  height INTEGER,
  duration_ms BIGINT,
  aspect_ratio TEXT,
  name TEXT,
  file_name TEXT,
  title TEXT,
  description TEXT,
  poster_media_key TEXT,
  poster_media_url TEXT,
  tweeted INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX ads_media_library_key ON ads_media_library (account_id, media_key) WHERE deleted = 0;
CREATE INDEX ads_media_library_created ON ads_media_library (account_id, created_at, id);

CREATE TABLE ads_account_media (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  creative_type TEXT NOT NULL,
  media_key TEXT NOT NULL,
  video_id TEXT,
  media_url TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_account_media_account ON ads_account_media (account_id, id);
`;
