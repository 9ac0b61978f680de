// SQLite keeps a TEXT primary key as a second b-tree beside the rowid table: every nonce was written
// twice. WITHOUT ROWID keeps the rows in key order in one tree. PostgreSQL has no such split.
export default {
  sqlite: `
CREATE TABLE oauth1_nonces_clustered (
  nonce_key TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
) WITHOUT ROWID;
INSERT INTO oauth1_nonces_clustered (nonce_key, expires_at) SELECT nonce_key, expires_at FROM oauth1_nonces;
DROP TABLE oauth1_nonces;
ALTER TABLE oauth1_nonces_clustered RENAME TO oauth1_nonces;
`,
  postgres: '',
};
