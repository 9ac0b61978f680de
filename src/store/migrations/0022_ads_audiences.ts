// Custom audiences (issue #19 items 1–2; seed "Audiences", notes §10.1–§10.2): the audience, its
// members on the service clock, and the permissions that share it with other accounts.
//
// Identifiers are stored as a letter for their type and the value, a hash packed to 43 characters
// (custom-audiences.rules.ts `packHash`: both hex cases match). A user is one row of
// `ads_custom_audience_members`, keyed by its first identifier (`ident`), with its effective and
// expiry times: a user counts once however many identifiers it was sent with, and the live size is a
// plain count of rows with effective_at <= now < expires_at. The user's other identifiers, if any,
// are rows of `ads_custom_audience_idents` naming that key (`member`), so a Delete matches the user on
// any key used at add time (notes §10.2). Most users are sent with one identifier: they cost one
// b-tree insert and no second index (bench/NOTES.md 2026-11-24, the users batch).
// `processed_at` is when the processing after the last change ends (custom-audiences.rules.ts).
//
// SQLite keeps members and identifiers WITHOUT ROWID, in key order in one b-tree each (as 0011 does
// for nonces): a 5 MB users batch writes ~60,000 users. PostgreSQL has no such split.
const sql = (members: string) => `
CREATE TABLE ads_custom_audiences (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  processed_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_custom_audiences_account ON ads_custom_audiences (account_id, id);

CREATE TABLE ads_custom_audience_members (
  audience_id TEXT NOT NULL,
  ident TEXT NOT NULL,
  effective_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (audience_id, ident)
)${members};

CREATE TABLE ads_custom_audience_idents (
  audience_id TEXT NOT NULL,
  ident TEXT NOT NULL,
  member TEXT NOT NULL,
  PRIMARY KEY (audience_id, ident)
)${members};
CREATE INDEX ads_custom_audience_idents_member ON ads_custom_audience_idents (audience_id, member);

CREATE TABLE ads_custom_audience_permissions (
  id TEXT PRIMARY KEY,
  custom_audience_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  granted_account_id TEXT NOT NULL,
  permission_level TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_custom_audience_permissions_audience ON ads_custom_audience_permissions (custom_audience_id, id);
CREATE INDEX ads_custom_audience_permissions_granted ON ads_custom_audience_permissions (granted_account_id, custom_audience_id);
`;

export default { sqlite: sql(' WITHOUT ROWID'), postgres: sql('') };
