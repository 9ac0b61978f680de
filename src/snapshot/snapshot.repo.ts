// Every SQL statement of snapshots: whole tables read and written by name. Table and column names come
// from the store itself (export) or are checked against it (import) before they reach a statement.
import type { Param, Queryable } from '../store/index.js';

/** The settings row that stays with the store: the running server's admin token is not state to move. */
export const KEPT_SETTING = 'admin_token';
/** What `aviary import` leaves for the next start (the file's clock and id floor); never exported. */
export const RESUME_SETTING = 'snapshot_resume';

/**
 * The processes serving this store stay with it too (cluster/node.ts: `node:<name>` beats, the leader's
 * name, and `clock`, the record every node follows its service clock by): they describe the processes,
 * not the data. The file carries its clock in its header, and a load hands it to the nodes anew
 * (snapshot.runtime.ts applyClock); a record loaded from the file would be an old one, which a node's
 * periodic re-read could follow back in time before the load's own clock change was written.
 */
const NODES = `key NOT IN ('cluster_leader', 'clock') AND key NOT LIKE 'node:%'`;

/** Whether a settings row of a file is one that stays with the store (files written before `clock` stayed). */
export const keptOnLoad = (key: string) =>
  key === KEPT_SETTING ||
  key === RESUME_SETTING ||
  key === 'cluster_leader' ||
  key === 'clock' ||
  key.startsWith('node:');

/** The rows of a table that are state (all of them but the kept settings). */
const stateOf = (table: string) =>
  table === 'aviary_settings' ? ` WHERE key NOT IN ('${KEPT_SETTING}', '${RESUME_SETTING}') AND ${NODES}` : '';

/** Statements carry at most this many parameters (SQLite's cap is 32,766; PostgreSQL's 65,535). */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1_000;

export const snapshotRepo = {
  /** SQLite: the search index's file is no longer this store's (modules/search/search.store.ts). */
  async forgetSearchFile(q: Queryable): Promise<void> {
    await q.run('DELETE FROM search_file');
  },
  async migrations(q: Queryable): Promise<string[]> {
    return (await q.all<{ id: string }>('SELECT id FROM aviary_migrations ORDER BY id')).map((r) => r.id);
  },

  /** The table's rows as arrays in `columns` order, by primary key so that one state gives one file. */
  async rows(q: Queryable, table: string, columns: string[], orderBy: string[]): Promise<Param[][]> {
    const order = orderBy.length ? ` ORDER BY ${orderBy.join(', ')}` : '';
    const rows = await q.all<Record<string, Param>>(
      `SELECT ${columns.join(', ')} FROM ${table}${stateOf(table)}${order}`,
    );
    return rows.map((r) => columns.map((c) => r[c] ?? null));
  },

  /** Settings are emptied row by row: the kept ones stay. */
  async emptySettings(q: Queryable): Promise<void> {
    await q.run(`DELETE FROM aviary_settings WHERE key <> ? AND ${NODES}`, [KEPT_SETTING]);
  },

  /** Removes what triggers wrote while other tables were loaded (the table is loaded from the file next). */
  async clear(q: Queryable, table: string): Promise<void> {
    await q.run(`DELETE FROM ${table}`);
  },

  async insert(q: Queryable, table: string, columns: string[], rows: Param[][]): Promise<void> {
    const per = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
    const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    const marks = `(${columns.map(() => '?').join(', ')})`;
    let full: string | null = null;
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      const sql =
        chunk.length === per
          ? (full ??= head + Array(per).fill(marks).join(', '))
          : head + chunk.map(() => marks).join(', ');
      await q.run(sql, chunk.flat() as Param[]);
    }
  },

  /** Processes holding a worker lease now (a server running on the store). */
  async liveLeases(q: Queryable, wall: number): Promise<number> {
    return Number(
      (await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM aviary_workers WHERE lease_until > ?', [wall]))?.n ?? 0,
    );
  },

  async dropSetting(q: Queryable, key: string): Promise<void> {
    await q.run('DELETE FROM aviary_settings WHERE key = ?', [key]);
  },

  async count(q: Queryable, table: string): Promise<number> {
    return Number((await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}${stateOf(table)}`))?.n ?? 0);
  },
};
