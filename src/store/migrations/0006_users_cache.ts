// A store-wide generation token for users, replaced by every write of the users table (users.repo),
// so a process may keep user rows in memory while the token is unchanged (users.cache.ts).
export default `
CREATE TABLE users_generation (
  id INTEGER PRIMARY KEY,
  value TEXT NOT NULL
);
`;
