// INSERTs spelled once: a repository names its table and columns, and the statement, its `?` list and
// the values in column order are built here, so a column added to the list cannot be missed in one
// of the three.
import { marks, type Param, type Queryable } from './db.js';

type Columns<R> = readonly (keyof R & string)[];

const rowMarks = (n: number) => `(${marks(n)})`;

/** Inserts one row, taking `columns` from it (on the store or inside a transaction). */
export async function insertRow<R>(db: Queryable, table: string, columns: Columns<R>, row: R): Promise<void> {
  await db.run(
    statement(table, columns, 1),
    columns.map((c) => row[c] as Param),
  );
}

/**
 * The INSERT of `n` rows, built once per table, column list and count: the drivers keep their prepared
 * statements by the SQL text, and a text built anew each time is hashed anew each time (a post's
 * INSERT is ~600 characters; issue #23).
 */
const texts = new WeakMap<readonly string[], Map<string, string>>();
function statement(table: string, columns: readonly string[], n: number, tail = ''): string {
  let byKey = texts.get(columns);
  if (!byKey) texts.set(columns, (byKey = new Map()));
  const key = `${table} ${n}${tail}`;
  let sql = byKey.get(key);
  if (sql === undefined) {
    sql = insertText(table, columns, n) + tail;
    // Bulk loads make many counts of one table: only the common few are kept.
    if (byKey.size < 64) byKey.set(key, sql);
  }
  return sql;
}

function insertText(table: string, columns: readonly string[], n: number): string {
  const row = rowMarks(columns.length);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: n }, () => row).join(', ')}`;
}

/**
 * Inserts rows `perStatement` at a time (bulk loads): every store caps the parameters of a statement
 * (PostgreSQL at 65,535), so the caller sizes the batch to its column count. `tail` ends each
 * statement (an ON CONFLICT clause). The values are laid out in one array a statement, without an
 * array a row: the search indexer inserts ~13 postings a post this way (issue #23).
 */
export async function insertRows<R>(
  db: Queryable,
  table: string,
  columns: Columns<R>,
  rows: readonly R[],
  perStatement: number,
  tail = '',
): Promise<void> {
  for (let i = 0; i < rows.length; i += perStatement) {
    const end = Math.min(rows.length, i + perStatement);
    const params = new Array<Param>((end - i) * columns.length);
    let k = 0;
    for (let r = i; r < end; r++) {
      const row = rows[r]!;
      for (const c of columns) params[k++] = row[c] as Param;
    }
    await db.run(statement(table, columns, end - i, tail), params);
  }
}

/**
 * An INSERT of one row written only when `condition` holds (an SQL condition whose own `?`s follow the
 * row's values): a check and its write in one statement, built once. Resolves to whether the row was
 * written.
 */
export function insertRowIf<R>(table: string, columns: Columns<R>, condition: string) {
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${marks(columns.length)} WHERE ${condition}`;
  return async (db: Queryable, row: R, params: readonly Param[]): Promise<boolean> =>
    (await db.run(sql, [...columns.map((c) => row[c] as Param), ...params])).changes > 0;
}

/** Inserts a row object whose keys are exactly the table's columns (a typed row of the table). */
export async function insertObject<R extends object>(db: Queryable, table: string, row: R): Promise<void> {
  const columns = Object.keys(row) as (keyof R & string)[];
  // Its column list is a new array each time: the text is not kept (statement's texts are per list).
  await db.run(
    insertText(table, columns, 1),
    columns.map((c) => row[c] as Param),
  );
}
