// Issue #23: row 2 of users_generation is the token of the users' rows but their counters
// (users.repo.ts `touch`), replaced by every write of the table but a counter's move. Written here
// for stores made before it, whose cached accounts would otherwise wait for the next write of a
// profile; random, as every token is, so that no store ever holds a value another one held.
export default {
  sqlite: `INSERT INTO users_generation (id, value) VALUES (2, lower(hex(randomblob(16)))) ON CONFLICT (id) DO NOTHING;`,
  postgres: `INSERT INTO users_generation (id, value) VALUES (2, gen_random_uuid()::text) ON CONFLICT (id) DO NOTHING;`,
};
