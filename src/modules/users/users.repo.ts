// Every SQL statement for the users table.
import { generationToken } from '../../shared/row-cache.js';
import { ONE_SHOT, askAll, marks, type Queryable, replaceAtCommit, writeLater } from '../../store/index.js';
import { chunks, flatten } from '../../shared/arrays.js';

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
  /** The account's email address (control API), read with the `users.email` scope. */
  email: string | null;
  /** 1 when the account is suspended: lookups and timelines answer resource-unavailable. */
  suspended: number;
};

const COUNTERS = [
  'followers_count',
  'following_count',
  'tweet_count',
  'listed_count',
  'like_count',
  'media_count',
] as const;
export type Counter = (typeof COUNTERS)[number];
/**
 * A user's row without its public counters: what a write checks of its actor or its target (exists,
 * protected, premium…), which a counter's move does not change (users.cache.ts `cachedAccount`).
 */
export type AccountRow = Omit<UserRow, Counter>;
export function accountOf(row: UserRow): AccountRow {
  const account: Partial<UserRow> = { ...row };
  for (const c of COUNTERS) delete account[c];
  return account as AccountRow;
}

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
  | 'email'
  | 'suspended'
>;

/** Row 1 of users_generation: replaced by every write of the users table (users.cache.ts `userRows`). */
const ROWS = 1;
/**
 * Row 2: replaced by every write but a counter's move (users.cache.ts `accountRows`). Each post
 * moves its author's tweet_count, so under a write load the whole rows' token changes every commit,
 * and the author of every post was read again (issue #23).
 */
const ACCOUNTS = 2;
const generation = generationToken('users_generation', ROWS);
const accountGeneration = generationToken('users_generation', ACCOUNTS);

/**
 * Replaces the users generation tokens: every write of the users table calls it; `counters` when the
 * write moved counters only, which leaves the accounts' token as it was.
 */
async function touch(db: Queryable, what: 'row' | 'counters' = 'row'): Promise<void> {
  await replaceAtCommit(db, `users_generation ${ROWS}`, generation);
  if (what === 'row') await replaceAtCommit(db, `users_generation ${ACCOUNTS}`, accountGeneration);
}

/**
 * Each user's changes of one counter, summed, in one statement: `UPDATE … FROM (VALUES …)` (SQLite
 * 3.33, PostgreSQL; a VALUES list's columns are column1, column2 on both). Ids in order, so that
 * every transaction locks the rows in one order.
 */
async function bumpMany(db: Queryable, counter: Counter, rows: { id: string; delta: number }[]): Promise<void> {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.id, (sums.get(r.id) ?? 0) + r.delta);
  const ids = [...sums.keys()].sort();
  if (ids.length === 1) {
    const delta = sums.get(ids[0]!)!;
    await db.run(
      `UPDATE users SET ${counter} = CASE WHEN ${counter} + ? < 0 THEN 0 ELSE ${counter} + ? END WHERE id = ?`,
      [delta, delta, ids[0]!],
    );
  } else {
    await askAll(chunks(ids, 1000), (part) =>
      db.run(
        `UPDATE users SET ${counter} = CASE WHEN ${counter} + d.column2 < 0 THEN 0 ELSE ${counter} + d.column2 END
         FROM (VALUES ${part.map(() => '(?, CAST(? AS INTEGER))').join(', ')}) AS d WHERE users.id = d.column1`,
        flatten(part, (id) => [id, sums.get(id)!]),
      ),
    );
  }
  await touch(db, 'counters');
}

/** Pins undone, (author, post) pairs: a statement each 500 (a deletion's reposts may be thousands). */
async function unpinMany(db: Queryable, pins: [string, string][]): Promise<void> {
  let changed = 0;
  pins.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); // ids in order, as bumpMany's
  for (let i = 0; i < pins.length; i += 500) {
    const part = pins.slice(i, i + 500);
    const sql =
      part.length === 1
        ? 'UPDATE users SET pinned_tweet_id = NULL WHERE id = ? AND pinned_tweet_id = ?'
        : `UPDATE users SET pinned_tweet_id = NULL WHERE (id, pinned_tweet_id) IN (VALUES ${'(?, ?), '.repeat(part.length - 1)}(?, ?))`;
    changed += (await db.run(sql, part.flat())).changes;
  }
  if (changed) await touch(db);
}

export const usersRepo = {
  /** The table's generation token (see touch). */
  generation: (db: Queryable) => generation.read(db),
  /** The token of the rows but their counters (see touch). */
  accountGeneration: (db: Queryable) => accountGeneration.read(db),
  async insert(db: Queryable, u: NewUserRow): Promise<void> {
    await db.run(
      `INSERT INTO users (id, username, username_lower, name, description, location, url, profile_image_url, verified, verified_type, protected, premium, password_hash, created_at, email, suspended)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        u.email,
        u.suspended,
      ],
    );
    await touch(db);
  },
  byId: (db: Queryable, id: string) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
  byUsername: (db: Queryable, username: string) =>
    db.get<UserRow>('SELECT * FROM users WHERE username_lower = ?', [username.toLowerCase()]),
  list: (db: Queryable, limit: number) => db.all<UserRow>('SELECT * FROM users ORDER BY id LIMIT ?', [limit]),
  /** Whether a lookup that reads rows should read the token with them (`checkedByIds`). */
  tokenWithRows: (db: Queryable) => generation.withRows(db),
  /** Rows of the given ids, each with the token as of the same statement. */
  async checkedByIds(db: Queryable, ids: readonly string[]): Promise<{ row: UserRow; checked: string | null }[]> {
    if (ids.length === 0) return [];
    const sql = `SELECT *, ${generation.column()} FROM users WHERE id IN (${marks(ids.length)})`;
    const rows = await db.all<UserRow & { generation: string | null }>(sql, [...ids]);
    return rows.map(({ generation: checked, ...row }) => ({ row, checked }));
  },
  byIds: (db: Queryable, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : ids.length === 1
        ? db.all<UserRow>('SELECT * FROM users WHERE id = ?', [ids[0]!])
        : db.all<UserRow>(`SELECT * FROM users WHERE id IN (${marks(ids.length)})`, [...ids]),
  /** Only the ids of the named accounts (a post's mentions): no need to build whole rows. */
  idsByUsernames: (db: Queryable, names: readonly string[]) =>
    db.all<{ id: string; username_lower: string }>(
      `SELECT id, username_lower FROM users WHERE username_lower IN (${marks(names.length)})`,
      names.map((n) => n.toLowerCase()),
    ),
  byUsernames: (db: Queryable, names: readonly string[]) =>
    names.length === 0
      ? Promise.resolve([])
      : db.all<UserRow>(
          `SELECT * FROM users WHERE username_lower IN (${marks(names.length)})`,
          names.map((n) => n.toLowerCase()),
        ),
  /** Moves one of the public counters; counters never go below zero. */
  /**
   * Moves a counter by `delta` (never below 0). In a transaction the changes of a run of grouped writes
   * are summed and written at its end, a statement a counter (`writeLater`; no job reads a counter back).
   */
  bump: (db: Queryable, id: string, counter: Counter, delta: number): Promise<void> =>
    writeLater(db, `users ${counter}`, { id, delta }, (q, rows) => bumpMany(q, counter, rows), ONE_SHOT),
  /**
   * Takes the user's row lock for the rest of the transaction (an update that changes nothing): on
   * PostgreSQL a second transaction of that user, on any node, waits here until the first commits, and
   * then reads what it wrote. SQLite has one writer at a time anyway.
   */
  /** Locks the user's row for the transaction and answers it (one statement: issue #23, bench:actions). */
  lock: (db: Queryable, id: string) =>
    db.get<UserRow>('UPDATE users SET tweet_count = tweet_count WHERE id = ? RETURNING *', [id]),
  async setCounters(db: Queryable, id: string, c: Partial<Record<Counter, number>>): Promise<void> {
    const keys = Object.keys(c) as Counter[];
    if (keys.length)
      await db.run(`UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
        ...keys.map((k) => c[k]!),
        id,
      ]);
    await touch(db, 'counters');
  },
  async setPinned(db: Queryable, id: string, postId: string | null): Promise<void> {
    await db.run('UPDATE users SET pinned_tweet_id = ? WHERE id = ?', [postId, id]);
    await touch(db);
  },
  /**
   * Unpins `postId` from its author's profile, if pinned there (by primary key: no index holds
   * pinned_tweet_id); in a transaction with the run's other unpins at its end (`writeLater`). Still
   * right when a job of the run pinned another post meanwhile: only a pin of `postId` is undone.
   */
  unpinPost: (db: Queryable, authorId: string, postId: string) =>
    writeLater(db, 'users pinned_tweet_id', [authorId, postId] as [string, string], unpinMany),
  /**
   * Users whose username, name or description holds every word (lower case, LIKE wildcards taken
   * literally): exact usernames first, then the most followed; `limit + 1` rows from `offset`.
   */
  search(db: Queryable, words: string[], exact: string, limit: number, offset: number): Promise<UserRow[]> {
    const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = words.map(
      () =>
        "(username_lower LIKE ? ESCAPE '\\' OR LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(description) LIKE ? ESCAPE '\\')",
    );
    return db.all<UserRow>(
      `SELECT * FROM users WHERE ${where.join(' AND ')}
       ORDER BY CASE WHEN username_lower = ? THEN 0 ELSE 1 END, followers_count DESC, id DESC LIMIT ? OFFSET ?`,
      [...words.flatMap((w) => [like(w), like(w), like(w)]), exact, limit + 1, offset],
    );
  },
  /** An organization's affiliated users, newest affiliation first (by user id within a page). */
  affiliates: (db: Queryable, orgId: string, limit: number, afterUserId?: string) =>
    db.all<{ user_id: string }>(
      `SELECT user_id FROM user_affiliates WHERE org_id = ?${afterUserId ? ' AND user_id < ?' : ''} ORDER BY user_id DESC LIMIT ?`,
      afterUserId ? [orgId, afterUserId, limit + 1] : [orgId, limit + 1],
    ),
  async setAffiliate(db: Queryable, orgId: string, userId: string, on: boolean, at: number): Promise<boolean> {
    const r = on
      ? await db.run(
          'INSERT INTO user_affiliates (org_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (org_id, user_id) DO NOTHING',
          [orgId, userId, at],
        )
      : await db.run('DELETE FROM user_affiliates WHERE org_id = ? AND user_id = ?', [orgId, userId]);
    return r.changes === 1;
  },
  /** Profile fields set through the control API (PATCH /_aviary/users/{id}). */
  async updateProfile(db: Queryable, id: string, f: ProfileFields): Promise<void> {
    const set: Record<string, string | number | null> = { ...f };
    if (f.username !== undefined) set.username_lower = f.username.toLowerCase();
    if (f.verified !== undefined) set.verified_type = f.verified ? 'blue' : 'none';
    const keys = Object.keys(set);
    if (!keys.length) return;
    await db.run(`UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
      ...keys.map((k) => set[k]!),
      id,
    ]);
    // A profile change is a write of the table like any other: cached rows must be checked again.
    await touch(db);
  },
};

export type ProfileFields = Partial<
  Pick<
    UserRow,
    'name' | 'username' | 'description' | 'location' | 'url' | 'profile_image_url' | 'verified' | 'protected'
  >
>;
