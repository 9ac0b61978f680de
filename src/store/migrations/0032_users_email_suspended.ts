// A user's email address (the `confirmed_email` user field with the `users.email` scope, and
// `email` of v1.1 verify_credentials) and whether the account is suspended (lookups and timelines of
// a suspended user answer `resource-unavailable`; seed 000 Errors). Issue #21 part 3.
export default `
ALTER TABLE users ADD COLUMN email TEXT;
ALTER TABLE users ADD COLUMN suspended INTEGER NOT NULL DEFAULT 0;
`;
