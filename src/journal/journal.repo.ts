// Every SQL statement of the journal nodes share (migration 0036): entries as JSON, numbered by the
// store in the order they were written (`seq`, the paging cursor), named by the node that recorded them
// and listed in the order they were recorded (`at`, wall time; nodes write behind, so a batch written
// later may hold entries recorded earlier).
import type { Queryable } from '../store/index.js';

export type EntryRow = { seq: number; node: string; entry: string };

const COLUMNS = 'seq, node, entry';

export const journalRepo = {
  /**
   * One statement for the batch, its rows passed as one JSON array of `{at, entry}` (entry: the entry's
   * JSON, kept as written: `json`, not `jsonb`). PostgreSQL only, as the shared journal is: one statement
   * text whatever the batch's size (a VALUES list per size would be parsed and cached once per size) and
   * two parameters. The sequences come back in the order of the rows.
   */
  async insert(db: Queryable, node: string, rowsJson: string): Promise<number[]> {
    const rows = await db.all<{ seq: number }>(
      `INSERT INTO journal_entries (node, at, entry)
       SELECT ?, x.at, x.entry::text
       FROM ROWS FROM (json_to_recordset(?::json) AS (at BIGINT, entry JSON)) WITH ORDINALITY AS x(at, entry, ord)
       ORDER BY x.ord
       RETURNING seq`,
      [node, rowsJson],
    );
    return rows.map((r) => Number(r.seq));
  },
  /** Keeps the newest entries: drops those numbered `upTo` or lower. */
  async trim(db: Queryable, upTo: number): Promise<void> {
    await db.run('DELETE FROM journal_entries WHERE seq <= ?', [upTo]);
  },
  /** Newest first; after the entry numbered `before` when given (none if it is no longer kept). */
  newest: (db: Queryable, before: number | null, limit: number) =>
    db.all<EntryRow>(
      before === null
        ? `SELECT ${COLUMNS} FROM journal_entries ORDER BY at DESC, seq DESC LIMIT ${Number(limit)}`
        : `SELECT ${COLUMNS} FROM journal_entries j, (SELECT at AS c_at FROM journal_entries WHERE seq = ?) c
           WHERE j.at < c.c_at OR (j.at = c.c_at AND j.seq < ?) ORDER BY at DESC, seq DESC LIMIT ${Number(limit)}`,
      before === null ? [] : [before, before],
    ),
  /** The highest number given so far (0 for none kept). */
  async last(db: Queryable): Promise<number> {
    return Number((await db.get<{ n: number | null }>('SELECT MAX(seq) AS n FROM journal_entries'))?.n ?? 0);
  },
  /** What nodes other than `node` wrote numbered above `after`, in that order. */
  othersAfter: (db: Queryable, node: string, after: number, limit: number) =>
    db.all<EntryRow>(
      `SELECT ${COLUMNS} FROM journal_entries WHERE seq > ? AND node <> ? ORDER BY seq LIMIT ${Number(limit)}`,
      [after, node],
    ),
  /** What `node` wrote numbered from `lo` to `hi`, in that order. */
  range: (db: Queryable, node: string, lo: number, hi: number) =>
    db.all<EntryRow>(`SELECT ${COLUMNS} FROM journal_entries WHERE seq >= ? AND seq <= ? AND node = ? ORDER BY seq`, [
      lo,
      hi,
      node,
    ]),
};
