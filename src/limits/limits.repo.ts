// Every SQL statement of the rate-limit counters and the post-read tallies (migration 0025).
import type { Queryable } from '../store/index.js';

export type CounterRow = { key: string; reset_at: number; used: number };

export const limitsRepo = {
  /**
   * Adds `n` to the counter's window and returns the shared total, atomically: a window that has
   * ended (reset_at <= now) starts again at `n` with `resetAt`. One statement on both stores, so
   * processes adding at once never lose a count.
   */
  async add(db: Queryable, key: string, n: number, resetAt: number, now: number): Promise<CounterRow> {
    const row = await db.get<CounterRow>(
      `INSERT INTO rate_limit_counters (key, reset_at, used) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET
         used = CASE WHEN rate_limit_counters.reset_at <= ? THEN excluded.used ELSE rate_limit_counters.used + excluded.used END,
         reset_at = CASE WHEN rate_limit_counters.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_counters.reset_at END
       RETURNING key, reset_at, used`,
      [key, resetAt, n, now, now],
    );
    return { key, reset_at: Number(row!.reset_at), used: Number(row!.used) };
  },
  /** Counters whose window is still open. */
  open: (db: Queryable, now: number) =>
    db.all<CounterRow>('SELECT key, reset_at, used FROM rate_limit_counters WHERE reset_at > ? ORDER BY key', [now]),
  async clear(db: Queryable, keyPrefix: string | null): Promise<number> {
    const r =
      keyPrefix === null
        ? await db.run('DELETE FROM rate_limit_counters')
        : await db.run("DELETE FROM rate_limit_counters WHERE key LIKE ? ESCAPE '\\'", [likePrefix(keyPrefix)]);
    return r.changes;
  },

  /** The control API's numbers for an endpoint (migration 0036), kept for every node sharing the store. */
  async putOverride(db: Queryable, endpoint: string, limits: string): Promise<void> {
    await db.run(
      `INSERT INTO rate_limit_overrides (endpoint, limits) VALUES (?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET limits = excluded.limits`,
      [endpoint, limits],
    );
  },
  async dropOverride(db: Queryable, endpoint: string): Promise<void> {
    await db.run('DELETE FROM rate_limit_overrides WHERE endpoint = ?', [endpoint]);
  },
  /** Every override, or the one of `endpoint`. */
  overrides: (db: Queryable, endpoint?: string) =>
    db.all<{ endpoint: string; limits: string }>(
      `SELECT endpoint, limits FROM rate_limit_overrides${endpoint === undefined ? '' : ' WHERE endpoint = ?'}`,
      endpoint === undefined ? [] : [endpoint],
    ),

  async addReads(db: Queryable, appId: string, day: string, n: number): Promise<void> {
    await db.run(
      `INSERT INTO post_reads (app_id, day, posts) VALUES (?, ?, ?)
       ON CONFLICT (app_id, day) DO UPDATE SET posts = post_reads.posts + excluded.posts`,
      [appId, day, n],
    );
  },
  /** An app's reads from `fromDay` to `toDay` (inclusive, `YYYY-MM-DD`), by day. */
  readsByDay: (db: Queryable, appId: string, fromDay: string, toDay: string) =>
    db.all<{ day: string; posts: number }>(
      'SELECT day, posts FROM post_reads WHERE app_id = ? AND day >= ? AND day <= ? ORDER BY day',
      [appId, fromDay, toDay],
    ),
  async monthReads(db: Queryable, appId: string, month: string): Promise<number> {
    const r = await db.get<{ n: number | null }>(
      'SELECT SUM(posts) AS n FROM post_reads WHERE app_id = ? AND day LIKE ?',
      [appId, `${month}-%`],
    );
    return Number(r?.n ?? 0);
  },
};

/** A LIKE pattern matching keys that start with `prefix` (`%`, `_` and `\` taken literally). */
function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}
