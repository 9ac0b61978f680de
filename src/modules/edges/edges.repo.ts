// Every SQL statement for the edge tables (follows, blocks, mutes, likes, bookmarks, list members…):
// one shape, source_id → target_id, each edge with its own snowflake id used as the paging cursor.
import { marks, type Param, type Queryable } from '../../store/index.js';

export const EDGE_TABLES = [
  'follows',
  'follow_requests',
  'blocks',
  'mutes',
  'likes',
  'bookmarks',
  'list_members',
  'list_followers',
  'pinned_lists',
  'dm_participants',
] as const;
export type EdgeTable = (typeof EDGE_TABLES)[number];
export type Side = 'source' | 'target';
export type EdgeRow = { source_id: string; target_id: string; id: string; created_at: number };

const other = (side: Side) => (side === 'source' ? 'target' : 'source');

export const edgesRepo = {
  /** Inserts the edge; false when it already existed. */
  async add(db: Queryable, table: EdgeTable, e: EdgeRow): Promise<boolean> {
    const r = await db.run(
      `INSERT INTO ${table} (source_id, target_id, id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (source_id, target_id) DO NOTHING`,
      [e.source_id, e.target_id, e.id, e.created_at],
    );
    return r.changes > 0;
  },
  /**
   * Inserts the edge only where `condition` holds (an SQL condition and its parameters): false when it
   * did not or the edge already existed. The check and the write in one statement, where a read and
   * then the insert were two round trips on PostgreSQL (a like's post: issue #23, bench:actions).
   */
  async addIf(db: Queryable, table: EdgeTable, e: EdgeRow, condition: { sql: string; params: Param[] }) {
    const r = await db.run(
      `INSERT INTO ${table} (source_id, target_id, id, created_at) SELECT ?, ?, ?, ? WHERE ${condition.sql} ON CONFLICT (source_id, target_id) DO NOTHING`,
      [e.source_id, e.target_id, e.id, e.created_at, ...condition.params],
    );
    return r.changes > 0;
  },
  async remove(db: Queryable, table: EdgeTable, source: string, target: string): Promise<boolean> {
    return (await db.run(`DELETE FROM ${table} WHERE source_id = ? AND target_id = ?`, [source, target])).changes > 0;
  },
  /**
   * Removes every edge touching `key` on `side` (a deleted post's likes, a deleted list's members) and
   * returns the other ends of exactly those removed: one statement, where a read and then a DELETE were
   * two round trips on PostgreSQL (a post's deletion removes its likes and bookmarks: issue #23,
   * bench:actions), and where an edge committed by another node between the two would have been
   * removed without its counter being undone.
   */
  async removeAll(db: Queryable, table: EdgeTable, side: Side, key: string): Promise<string[]> {
    const rows = await db.all<{ k: string }>(
      `DELETE FROM ${table} WHERE ${side}_id = ? RETURNING ${other(side)}_id AS k`,
      [key],
    );
    return rows.map((r) => r.k);
  },
  has: async (db: Queryable, table: EdgeTable, source: string, target: string) =>
    Boolean(await db.get(`SELECT 1 AS x FROM ${table} WHERE source_id = ? AND target_id = ?`, [source, target])),
  /** Which of `targets` the source has an edge to. */
  async targetsOf(db: Queryable, table: EdgeTable, source: string, targets: string[]): Promise<Set<string>> {
    if (targets.length === 0) return new Set();
    const rows = await db.all<{ t: string }>(
      `SELECT target_id AS t FROM ${table} WHERE source_id = ? AND target_id IN (${marks(targets.length)})`,
      [source, ...targets],
    );
    return new Set(rows.map((r) => r.t));
  },
  /** Which of `sources` have an edge to the target. */
  async sourcesOf(db: Queryable, table: EdgeTable, target: string, sources: string[]): Promise<Set<string>> {
    if (sources.length === 0) return new Set();
    const rows = await db.all<{ s: string }>(
      `SELECT source_id AS s FROM ${table} WHERE target_id = ? AND source_id IN (${marks(sources.length)})`,
      [target, ...sources],
    );
    return new Set(rows.map((r) => r.s));
  },
  /**
   * One page of the far ends of `key`'s edges, newest edge first. `after` continues below a cursor
   * (next page); `before` goes back above one (previous page), returned newest first as well.
   */
  async page(
    db: Queryable,
    table: EdgeTable,
    side: Side,
    key: string,
    o: { limit: number; after?: string; before?: string },
  ) {
    const far = other(side);
    if (o.before !== undefined) {
      const rows = await db.all<{ k: string; id: string }>(
        `SELECT ${far}_id AS k, id FROM ${table} WHERE ${side}_id = ? AND id > ? ORDER BY id ASC LIMIT ?`,
        [key, o.before, o.limit + 1],
      );
      return { rows: rows.slice(0, o.limit).reverse(), more: true, earlier: rows.length > o.limit };
    }
    const rows = await db.all<{ k: string; id: string }>(
      o.after !== undefined
        ? `SELECT ${far}_id AS k, id FROM ${table} WHERE ${side}_id = ? AND id < ? ORDER BY id DESC LIMIT ?`
        : `SELECT ${far}_id AS k, id FROM ${table} WHERE ${side}_id = ? ORDER BY id DESC LIMIT ?`,
      o.after !== undefined ? [key, o.after, o.limit + 1] : [key, o.limit + 1],
    );
    return { rows: rows.slice(0, o.limit), more: rows.length > o.limit, earlier: o.after !== undefined };
  },
  count: async (db: Queryable, table: EdgeTable, side: Side, key: string) =>
    Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${side}_id = ?`, [key]))?.n ?? 0),
  /** Bulk insert for seeding: many rows per statement. */
  async insertMany(db: Queryable, table: EdgeTable, rows: EdgeRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await db.run(
        `INSERT INTO ${table} (source_id, target_id, id, created_at) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT (source_id, target_id) DO NOTHING`,
        chunk.flatMap((e) => [e.source_id, e.target_id, e.id, e.created_at]),
      );
    }
  },
};
