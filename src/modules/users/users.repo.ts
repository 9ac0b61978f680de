// Every SQL statement for the users table.
import { randomUUID } from 'node:crypto';
import { generationToken } from '../../shared/row-cache.js';
import { onceBeforeCommit, type Queryable } from '../../store/index.js';

export type UserRow = {
  id: string;
  username: string;
  username_lower: string;
  name: string;
  description: string;
  location: string | null;
  url: string | null;
  profile_image_url: string | null;
  verified: number;
  verified_type: string;
  protected: number;
  premium: number;
  password_hash: string | null;
  pinned_tweet_id: string | null;
  created_at: number;
  followers_count: number;
  following_count: number;
  tweet_count: number;
  listed_count: number;
  like_count: number;
  media_count: number;
};

export type Counter =
  'followers_count' | 'following_count' | 'tweet_count' | 'listed_count' | 'like_count' | 'media_count';
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export type NewUserRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'name'
  | 'description'
  | 'location'
  | 'url'
  | 'profile_image_url'
  | 'verified'
  | 'protected'
  | 'premium'
  | 'password_hash'
  | 'created_at'
>;

const generation = generationToken(
  async (db: Queryable) =>
    (await db.get<{ value: string }>('SELECT value FROM users_generation WHERE id = 1'))?.value ?? null,
);

/** Replaces the users generation token: every write of the users table calls it (users.cache.ts). */
async function touch(db: Queryable): Promise<void> {
  generation.changed();
  // Once per transaction, just before its commit: a group of creations replaces the token once.
  await onceBeforeCommit(db, 'users_generation', async (q) => {
    await q.run(
      'INSERT INTO users_generation (id, value) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET value = excluded.value',
      [randomUUID()],
    );
    generation.changed();
  });
}

export const usersRepo = {
  /** The table's generation token (see touch). */
  generation: (db: Queryable) => generation.read(db),
  async insert(db: Queryable, u: NewUserRow): Promise<void> {
    await db.run(
      `INSERT INTO users (id, username, username_lower, name, description, location, url, profile_image_url, verified, verified_type, protected, premium, password_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        u.id,
        u.username,
        u.username.toLowerCase(),
        u.name,
        u.description,
        u.location,
        u.url,
        u.profile_image_url,
        u.verified,
        u.verified ? 'blue' : 'none',
        u.protected,
        u.premium,
        u.password_hash,
        u.created_at,
      ],
    );
    await touch(db);
  },
  byId: (db: Queryable, id: string) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
  byUsername: (db: Queryable, username: string) =>
    db.get<UserRow>('SELECT * FROM users WHERE username_lower = ?', [username.toLowerCase()]),
  list: (db: Queryable, limit: number) => db.all<UserRow>('SELECT * FROM users ORDER BY id LIMIT ?', [limit]),
  byIds: (db: Queryable, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : ids.length === 1
        ? db.all<UserRow>('SELECT * FROM users WHERE id = ?', [ids[0]!])
        : db.all<UserRow>(`SELECT * FROM users WHERE id IN (${marks(ids.length)})`, [...ids]),
  byUsernames: (db: Queryable, names: readonly string[]) =>
    names.length === 0
      ? Promise.resolve([])
      : db.all<UserRow>(
          `SELECT * FROM users WHERE username_lower IN (${marks(names.length)})`,
          names.map((n) => n.toLowerCase()),
        ),
  /** Moves one of the public counters; counters never go below zero. */
  async bump(db: Queryable, id: string, counter: Counter, delta: number): Promise<void> {
    await db.run(
      `UPDATE users SET ${counter} = CASE WHEN ${counter} + ? < 0 THEN 0 ELSE ${counter} + ? END WHERE id = ?`,
      [delta, delta, id],
    );
    await touch(db);
  },
  async setCounters(db: Queryable, id: string, c: Partial<Record<Counter, number>>): Promise<void> {
    const keys = Object.keys(c) as Counter[];
    if (keys.length)
      await db.run(`UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
        ...keys.map((k) => c[k]!),
        id,
      ]);
    await touch(db);
  },
  async setPinned(db: Queryable, id: string, postId: string | null): Promise<void> {
    await db.run('UPDATE users SET pinned_tweet_id = ? WHERE id = ?', [postId, id]);
    await touch(db);
  },
  /** Unpins a post from whoever pinned it (the post is gone). */
  async unpinPost(db: Queryable, postId: string): Promise<void> {
    await db.run('UPDATE users SET pinned_tweet_id = NULL WHERE pinned_tweet_id = ?', [postId]);
    await touch(db);
  },
  /** Profile fields set through the control API (PATCH /_aviary/users/{id}). */
  async updateProfile(db: Queryable, id: string, f: ProfileFields): Promise<void> {
    const set: Record<string, string | number | null> = { ...f };
    if (f.username !== undefined) set.username_lower = f.username.toLowerCase();
    if (f.verified !== undefined) set.verified_type = f.verified ? 'blue' : 'none';
    const keys = Object.keys(set);
    if (keys.length)
      await db.run(`UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
        ...keys.map((k) => set[k]!),
        id,
      ]);
  },
};

export type ProfileFields = Partial<
  Pick<
    UserRow,
    'name' | 'username' | 'description' | 'location' | 'url' | 'profile_image_url' | 'verified' | 'protected'
  >
>;
