// INSERTs spelled once: a repository names its table and columns, and the statement, its `?` list and
// the values in column order are built here, so a column added to the list cannot be missed in one
// of the three.
import type { Param, Queryable } from './db.js';

type Columns<R> = readonly (keyof R & string)[];

const rowMarks = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

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
function statement(table: string, columns: readonly string[], n: number): string {
  let byKey = texts.get(columns);
  if (!byKey) texts.set(columns, (byKey = new Map()));
  const key = `${table} ${n}`;
  let sql = byKey.get(key);
  if (sql === undefined) {
    sql = insertText(table, columns, n);
    // Bulk loads make many counts of one table: only the common few are kept.
    if (byKey.size < 64) byKey.set(key, sql);
  }
  return sql;
}

function insertText(table: string, columns: readonly string[], n: number): string {
  const marks = rowMarks(columns.length);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: n }, () => marks).join(', ')}`;
}

/**
 * Inserts rows `perStatement` at a time (bulk loads): every store caps the parameters of a statement
 * (PostgreSQL at 65,535), so the caller sizes the batch to its column count.
 */
export async function insertRows<R>(
  db: Queryable,
  table: string,
  columns: Columns<R>,
  rows: readonly R[],
  perStatement: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await db.run(
      statement(table, columns, chunk.length),
      chunk.flatMap((r) => columns.map((c) => r[c] as Param)),
    );
  }
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
