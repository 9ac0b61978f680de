// On SQLite one process owns the file and knows its nonces from memory (ADR 0012); the store only has
// to remember them across a restart. A row per nonce cost ~5–10 µs of a signed request (a b-tree
// insert, its WAL pages, and a delete later); a row per timestamp second and write-behind batch
// costs a fraction of a microsecond a nonce (ADR 0014). PostgreSQL keeps a row per nonce: there
// the store is the judge between processes.
export default {
  sqlite: `
CREATE TABLE oauth1_nonce_log (
  second BIGINT NOT NULL,
  digests TEXT NOT NULL
);
CREATE INDEX oauth1_nonce_log_second ON oauth1_nonce_log (second);
INSERT INTO oauth1_nonce_log (second, digests)
  SELECT CAST(substr(nonce_key, 1, 12) AS INTEGER), group_concat(substr(nonce_key, 14), ' ')
  FROM oauth1_nonces GROUP BY substr(nonce_key, 1, 12);
DROP TABLE oauth1_nonces;
`,
  postgres: '',
};
