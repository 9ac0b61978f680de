// Bookmark folders (GET /2/users/{id}/bookmarks/folders[/{folder_id}], SPEC) and hidden replies
// (PUT /2/tweets/{tweet_id}/hidden, SPEC TweetHideRequest). Issue #21. A folder's posts are kept
// apart from the bookmarks edge table: a post listed in a folder shows only while it stays bookmarked.
// `id` of a folder entry is the snowflake it was filed with (newest first, the paging order).
export default `
CREATE TABLE bookmark_folders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX bookmark_folders_user ON bookmark_folders (user_id, id);
CREATE TABLE bookmark_folder_posts (
  folder_id TEXT NOT NULL,
  post_id TEXT NOT NULL,
  id TEXT NOT NULL,
  PRIMARY KEY (folder_id, post_id)
);
CREATE TABLE hidden_replies (
  post_id TEXT PRIMARY KEY,
  hidden_by TEXT NOT NULL,
  hidden_at BIGINT NOT NULL
);
`;
