// INSERTs spelled once: a repository names its table and columns, and the statement, its `?` list and
// the values in column order are built here, so a column added to the list cannot be missed in one
// of the three.
import type { Param, Queryable } from './db.js';

type Columns<R> = readonly (keyof R & string)[];

const rowMarks = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

/** Inserts one row, taking `columns` from it (on the store or inside a transaction). */
export async function insertRow<R>(db: Queryable, table: string, columns: Columns<R>, row: R): Promise<void> {
  await db.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rowMarks(columns.length)}`,
    columns.map((c) => row[c] as Param),
  );
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
  await insertRow(db, table, Object.keys(row) as (keyof R & string)[], row);
}
