// Do-not-reach lists (seed "Audiences"; notes §10.4): at most one live list per account (a partial
// unique index, so two concurrent creations cannot both succeed), and its members, one row per
// hashed identifier (`email:<sha256>`, `phone_number:<sha256>`). The identifiers given together in
// one user object share a `member_id`, so a user known by an email and a phone number counts once
// in `list_size`; `expires_at` is kept per member on the service clock and expired members drop out
// when the list is read. `changed_at` is the last change of the membership (PROCESSING follows it).
export default `
CREATE TABLE ads_do_not_reach_lists (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  description TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  changed_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_do_not_reach_lists_account ON ads_do_not_reach_lists (account_id, id);
CREATE UNIQUE INDEX ads_do_not_reach_lists_one_live ON ads_do_not_reach_lists (account_id) WHERE deleted = 0;

CREATE TABLE ads_do_not_reach_members (
  list_id TEXT NOT NULL,
  ukey TEXT NOT NULL,
  member_id TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (list_id, ukey)
);
CREATE INDEX ads_do_not_reach_members_member ON ads_do_not_reach_members (list_id, member_id);
`;
