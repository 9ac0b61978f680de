// The embedded store's nonce log keeps 60-bit fingerprints, 8 bytes a nonce in a blob, where it kept
// SHA-256 digests as text (ADR 0016): memory judges nonces by fingerprint now, and a digest cannot be
// turned into one. The log only matters for a nonce's 5-minute window, so the old rows are dropped:
// a request signed before an upgrade and replayed after it, within those minutes, is not caught.
export default {
  sqlite: `
DROP TABLE oauth1_nonce_log;
CREATE TABLE oauth1_nonce_fingerprints (
  second BIGINT NOT NULL,
  fingerprints BLOB NOT NULL
);
CREATE INDEX oauth1_nonce_fingerprints_second ON oauth1_nonce_fingerprints (second);
`,
  postgres: '',
};
