// What a snapshot must do differently on each store, in one place (STYLE.md "Storage": repositories
// never branch on the dialect): reading a table's columns, a read that sees one instant, emptying
// tables, and putting PostgreSQL's sequences after the rows a load gave explicit keys.
import type { Dialect, Param, Queryable } from '../store/db.js';
import { snapshotRepo } from './snapshot.repo.js';

export type Column = { name: string; /** 1-based place in the primary key; 0 when not in it. */ pk: number };

export type SnapshotDialect = {
  columns(q: Queryable, table: string): Promise<Column[]>;
  /** First statement of the exporting transaction: every table is read as of one instant. */
  consistentRead(q: Queryable): Promise<void>;
  empty(q: Queryable, tables: string[]): Promise<void>;
  /** After the rows are in: what the store counts on its own must continue past them. */
  afterLoad(q: Queryable, tables: string[]): Promise<void>;
  insert(q: Queryable, table: string, columns: string[], rows: Param[][]): Promise<void>;
  /** Tables a file does not carry, and the statement that rebuilds each from the loaded tables. */
  derived: Record<string, string>;
  /**
   * Tables of a file this store keeps outside its state, left out of a load: SQLite's search index
   * is a file of its own (modules/search/search.store.ts), built again from the posts after a load.
   */
  beside: ReadonlySet<string>;
};

/**
 * The search index's postings (ADR 0009) are its documents' keys, each filed under the document's
 * (created_at, seq): search.indexer.ts `postings()` writes exactly that for every document it puts.
 * They are four fifths of the demo dataset's rows; rebuilt by one statement inside the store, they cost
 * a load a fraction of what carrying them through the file costs.
 */
const POSTINGS_HEAD = 'INSERT INTO search_postings (term, created_at, seq) SELECT j.value, d.created_at, d.seq';

const sqlite: SnapshotDialect = {
  async columns(q, table) {
    return q.all<Column>('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid', [table]);
  },
  // BEGIN IMMEDIATE (the SQLite driver's transactions) already holds the only writer out.
  async consistentRead() {},
  async empty(q, tables) {
    for (const t of tables) await q.run(`DELETE FROM ${t}`);
  },
  // An INTEGER PRIMARY KEY continues from the largest key in the table by itself. The search index's
  // file no longer names this store's (migration 0046): the next drain empties it and queues every
  // post (search.store.ts `ensure`).
  async afterLoad(q) {
    await snapshotRepo.forgetSearchFile(q);
  },
  insert: (q, table, columns, rows) => snapshotRepo.insert(q, table, columns, rows),
  derived: {},
  beside: new Set(['search_docs', 'search_state']),
};

const postgres: SnapshotDialect = {
  async columns(q, table) {
    const rows = await q.all<{ name: string; pk: number | null }>(
      `SELECT a.attname AS name, array_position(i.indkey::int2[], a.attnum) AS pk
       FROM pg_attribute a
       LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
       WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
      [table],
    );
    return rows.map((r) => ({ name: r.name, pk: Number(r.pk ?? 0) }));
  },
  async consistentRead(q) {
    await q.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  },
  // Every table locked first, in one statement (store/index.ts resetStore: a worker committing between
  // two tables' deletes could otherwise leave a row behind), then emptied by DELETE: TRUNCATE makes each
  // table new files, and for the ~75 mostly small tables of a store that costs a load seconds.
  async empty(q, tables) {
    if (!tables.length) return;
    await q.run(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    for (const t of tables) await q.run(`DELETE FROM ${t}`);
  },
  async afterLoad(q, tables) {
    // The columns that own a sequence (serial: deptype 'a', identity: 'i'), from pg_depend alone. Not
    // pg_get_expr over pg_attrdef: it takes a lock on each relation it reads, and the planner may run it
    // on other schemas' rows before the schema filter, so two servers loading at once (each holding its
    // own tables in ACCESS EXCLUSIVE mode, `empty` above) deadlocked; PostgreSQL ended one load with a
    // 500 (seen in admin.state.test.ts with two suites at once). Nor information_schema.columns, whose
    // view costs most of a second.
    const serials = await q.all<{ table_name: string; column_name: string }>(
      `SELECT c.relname AS table_name, a.attname AS column_name
       FROM pg_depend dep
       JOIN pg_class s ON s.oid = dep.objid AND s.relkind = 'S'
       JOIN pg_class c ON c.oid = dep.refobjid
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = dep.refobjsubid
       WHERE dep.classid = 'pg_class'::regclass AND dep.refclassid = 'pg_class'::regclass
         AND dep.deptype IN ('a', 'i') AND c.relnamespace = current_schema()::regnamespace`,
    );
    const loaded = new Set(tables);
    for (const s of serials.filter((c) => loaded.has(c.table_name)))
      await q.get(
        `SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX(${s.column_name}), 0) + 1, false) FROM ${s.table_name}`,
        [s.table_name, s.column_name],
      );
  },
  // One parameter per statement, the rows as JSON turned into the table's row type by the server:
  // binding 30,000 parameters a statement costs the client several times more.
  async insert(q, table, columns, rows) {
    const names = columns.join(', ');
    const sql = `INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ?::json)`;
    for (let i = 0; i < rows.length; i += PG_ROWS) {
      const objects = rows.slice(i, i + PG_ROWS).map((r) => {
        const o: Record<string, unknown> = {};
        for (let c = 0; c < columns.length; c++) o[columns[c]!] = asJson(r[c]!);
        return o;
      });
      await q.run(sql, [JSON.stringify(objects)]);
    }
  },
  derived: {
    search_postings: `${POSTINGS_HEAD} FROM search_docs d CROSS JOIN LATERAL json_array_elements_text(d.keys::json) AS j(value) ON CONFLICT DO NOTHING`,
  },
  beside: new Set(),
};

const PG_ROWS = 5_000;

/** A value as json_populate_recordset reads it into its column: bytes in bytea's hex form, big integers as text. */
function asJson(v: Param): unknown {
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

export const dialects: Record<Dialect, SnapshotDialect> = { sqlite, postgres };
