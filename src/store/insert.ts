// INSERTs spelled once: a repository names its table and columns, and the statement, its `?` list and
// the values in column order are built here, so a column added to the list cannot be missed in one
// of the three.
import type { Param, Queryable } from './db.js';

type Columns<R> = readonly (keyof R & string)[];

const rowMarks = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

/** The statement of a one-row insert, by table, for each column list (the lists are module constants). */
const oneRow = new Map<string, WeakMap<readonly string[], string>>();

function oneRowSql(table: string, columns: readonly string[]): string {
  let byColumns = oneRow.get(table);
  if (!byColumns) oneRow.set(table, (byColumns = new WeakMap()));
  let sql = byColumns.get(columns);
  if (sql === undefined) {
    sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rowMarks(columns.length)}`;
    byColumns.set(columns, sql);
  }
  return sql;
}

/**
 * Inserts one row, taking `columns` from it (on the store or inside a transaction). The statement's
 * text is built once per column list: it is the key the store finds its prepared statement by, and a
 * post's 35 columns made a new 600-character string to build and hash on every insert.
 */
export async function insertRow<R>(db: Queryable, table: string, columns: Columns<R>, row: R): Promise<void> {
  const values: Param[] = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]!] as Param;
  await db.run(oneRowSql(table, columns), values);
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
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const marks = rowMarks(columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await db.run(
      head + chunk.map(() => marks).join(', '),
      chunk.flatMap((r) => columns.map((c) => r[c] as Param)),
    );
  }
}

/** Inserts a row object whose keys are exactly the table's columns (a typed row of the table). */
export async function insertObject<R extends object>(db: Queryable, table: string, row: R): Promise<void> {
  const columns = Object.keys(row);
  await db.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rowMarks(columns.length)}`,
    Object.values(row) as Param[],
  );
}
