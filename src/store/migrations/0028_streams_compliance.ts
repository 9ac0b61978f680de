// The sample, firehose, likes and compliance streams and batch compliance (issue #21).
// - stream_connections.stream_partition: the `partition` a connection asked for (firehose 1..20,
//   sample10 1..2, compliance 1..4, SPEC); the connection limit counts per endpoint and partition.
//   Named so because PARTITION is a keyword in both dialects.
// - compliance_jobs: POST /2/compliance/jobs. The ids uploaded to the job's upload URL and the
//   results computed from them are kept as TEXT (one id / one JSON object per line, as on the wire);
//   the two URL tokens are the unguessable part of the URLs Aviary serves in place of the real
//   service's signed storage URLs.
// - compliance_user_states: what the control API sets that the users table has no column for
//   (suspended, deactivated, withheld countries) and when a protection began, read by the batch compliance results.
// Portable SQL: TEXT ids, BIGINT epoch-ms times, INTEGER 0/1 booleans, JSON as TEXT.
export default `
ALTER TABLE stream_connections ADD COLUMN stream_partition INTEGER;

CREATE TABLE compliance_jobs (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  type TEXT NOT NULL,
  name TEXT,
  resumable INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  upload_token TEXT NOT NULL UNIQUE,
  download_token TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
  upload_expires_at BIGINT NOT NULL,
  download_expires_at BIGINT NOT NULL,
  uploaded_at BIGINT,
  upload TEXT,
  result TEXT
);
CREATE INDEX compliance_jobs_app ON compliance_jobs (app_id, type, id);

CREATE TABLE compliance_user_states (
  user_id TEXT PRIMARY KEY,
  protected_at BIGINT,
  suspended_at BIGINT,
  deactivated_at BIGINT,
  withheld_in_countries TEXT,
  updated_at BIGINT NOT NULL
);
`;
