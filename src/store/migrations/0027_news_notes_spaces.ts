// Tables of issue #21's group (news, notes, articles, spaces, communities, affiliates). News stories
// and trends are computed from the stored posts on the service clock, so they need no table.
//
// - communities and their members (control API); `posts.share_with_followers` marks a community post
//   its author also broadcast to their followers (seed "Post creation": effective only with community_id);
// - community notes: one row per note, `test_mode` kept (a test note is never public; SPEC CreateNoteRequest);
// - article drafts (the DraftJS content state kept as JSON) and the post their publishing created;
// - what a Space has beyond the control API's activity_spaces row: speakers, invitees, topics,
//   language, ticketing, counts, its scheduled start, and the buyers of its tickets;
// - affiliates: an organization's affiliated users (GET /2/users/{id}/affiliates).
export default `
CREATE TABLE communities (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_lower TEXT NOT NULL,
  description TEXT NOT NULL,
  access TEXT NOT NULL,
  join_policy TEXT NOT NULL,
  creator_id TEXT NOT NULL,
  member_count INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE TABLE community_members (
  community_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (community_id, user_id)
);
ALTER TABLE posts ADD COLUMN share_with_followers INTEGER NOT NULL DEFAULT 0;

CREATE TABLE community_notes (
  id TEXT PRIMARY KEY,
  author_id TEXT NOT NULL,
  post_id TEXT NOT NULL,
  test_mode INTEGER NOT NULL,
  text TEXT NOT NULL,
  classification TEXT NOT NULL,
  misleading_tags TEXT NOT NULL,
  trustworthy_sources INTEGER NOT NULL,
  is_media_note INTEGER NOT NULL,
  score DOUBLE PRECISION NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX community_notes_author ON community_notes (author_id, test_mode, id);

CREATE TABLE articles (
  id TEXT PRIMARY KEY,
  author_id TEXT NOT NULL,
  title TEXT NOT NULL,
  content_state TEXT NOT NULL,
  cover_media TEXT,
  post_id TEXT,
  created_at BIGINT NOT NULL,
  published_at BIGINT
);

CREATE TABLE space_details (
  space_id TEXT PRIMARY KEY,
  speaker_ids TEXT NOT NULL,
  invited_user_ids TEXT NOT NULL,
  topic_ids TEXT NOT NULL,
  lang TEXT NOT NULL,
  is_ticketed INTEGER NOT NULL,
  participant_count INTEGER NOT NULL,
  subscriber_count INTEGER NOT NULL,
  scheduled_start BIGINT,
  started_at BIGINT,
  updated_at BIGINT NOT NULL
);
CREATE TABLE space_buyers (
  space_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  bought_at BIGINT NOT NULL,
  PRIMARY KEY (space_id, user_id)
);

CREATE TABLE user_affiliates (
  org_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (org_id, user_id)
);
`;
