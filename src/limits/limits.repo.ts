// Every SQL statement of the rate-limit counters and the post-read tallies (migration 0025).
import type { Queryable } from '../store/index.js';
import { insertRows } from '../store/insert.js';

/** Posts read by an app on a UTC day (`YYYY-MM-DD`) of the service clock. */
export type ReadRow = { app_id: string; day: string; posts: number };
const READ_COLUMNS = ['app_id', 'day', 'posts'] as const;
const READS_ADDED = ' ON CONFLICT (app_id, day) DO UPDATE SET posts = post_reads.posts + excluded.posts';

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

  /**
   * Adds each row's posts to its app's day, every app of a flush in one statement (issue #23: a
   * statement an app and a day every 100 ms, with the month's sums below, were 9 % of the statements
   * of a PostgreSQL firehose run). A flush holds one row per (app, day).
   */
  async addReads(db: Queryable, rows: readonly ReadRow[]): Promise<void> {
    await insertRows(db, 'post_reads', READ_COLUMNS, rows, 500, READS_ADDED);
  },
  /** An app's reads from `fromDay` to `toDay` (inclusive, `YYYY-MM-DD`), by day. */
  readsByDay: (db: Queryable, appId: string, fromDay: string, toDay: string) =>
    db.all<{ day: string; posts: number }>(
      'SELECT day, posts FROM post_reads WHERE app_id = ? AND day >= ? AND day <= ? ORDER BY day',
      [appId, fromDay, toDay],
    ),
  async monthReads(db: Queryable, appId: string, month: string): Promise<number> {
    return (await limitsRepo.monthReadsOf(db, [appId], month)).get(appId) ?? 0;
  },
  /** The month's reads (`YYYY-MM`) of each of `appIds` that has any, in one statement. */
  async monthReadsOf(db: Queryable, appIds: readonly string[], month: string): Promise<Map<string, number>> {
    const rows = await db.all<{ app_id: string; n: number | null }>(
      `SELECT app_id, SUM(posts) AS n FROM post_reads WHERE day LIKE ? AND app_id IN (${appIds.map(() => '?').join(', ')}) GROUP BY app_id`,
      [`${month}-%`, ...appIds],
    );
    return new Map(rows.map((r) => [r.app_id, Number(r.n ?? 0)]));
  },
};

/** A LIKE pattern matching keys that start with `prefix` (`%`, `_` and `\` taken literally). */
function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}
