// A row version on posts, moved by every update, and a store-wide generation token replaced by every
// update or deletion of posts, so a process may keep rendered rows in memory: while the generation
// is unchanged they are fresh; otherwise one covering read of versions says which to read again.
// Both live in the store, so several processes sharing one PostgreSQL stay correct.
export default `
ALTER TABLE posts ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX posts_id_version ON posts (id, version);
CREATE TABLE posts_generation (
  id INTEGER PRIMARY KEY,
  value TEXT NOT NULL
);
`;
