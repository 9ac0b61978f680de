import assert from 'node:assert/strict';
import { test } from 'node:test';
import { marks, type Param, type Queryable } from './db.js';
import { insertRow, insertRowIf, insertRows } from './insert.js';

/** A store that records what it is asked to run. */
function recorder(): Queryable & { runs: { sql: string; params: Param[] }[] } {
  const runs: { sql: string; params: Param[] }[] = [];
  return {
    runs,
    all: async () => [],
    get: async () => undefined,
    run: async (sql, params = []) => {
      runs.push({ sql, params });
      return { changes: 1 };
    },
  };
}

type Row = { id: string; n: number; note: string | null; extra?: string };
const COLUMNS = ['id', 'n', 'note'] as const;

test('insertRow names the columns once and takes the values in their order', async () => {
  const db = recorder();
  await insertRow<Row>(db, 't', COLUMNS, { note: null, n: 2, id: '1', extra: 'not a column' });
  assert.deepEqual(db.runs, [{ sql: 'INSERT INTO t (id, n, note) VALUES (?, ?, ?)', params: ['1', 2, null] }]);
});

test('insertRows writes perStatement rows a statement, the last one shorter', async () => {
  const db = recorder();
  const rows: Row[] = [1, 2, 3, 4, 5].map((i) => ({ id: String(i), n: i, note: `r${i}` }));
  await insertRows(db, 't', COLUMNS, rows, 2);
  assert.deepEqual(
    db.runs.map((r) => r.sql),
    [
      'INSERT INTO t (id, n, note) VALUES (?, ?, ?), (?, ?, ?)',
      'INSERT INTO t (id, n, note) VALUES (?, ?, ?), (?, ?, ?)',
      'INSERT INTO t (id, n, note) VALUES (?, ?, ?)',
    ],
  );
  assert.deepEqual(db.runs[0]!.params, ['1', 1, 'r1', '2', 2, 'r2']);
  assert.deepEqual(db.runs[2]!.params, ['5', 5, 'r5']);
});

test('insertRows with no rows runs nothing', async () => {
  const db = recorder();
  await insertRows<Row>(db, 't', COLUMNS, [], 10);
  assert.deepEqual(db.runs, []);
});

test('insertRows ends each statement with the tail given (an ON CONFLICT clause)', async () => {
  const db = recorder();
  const rows: Row[] = [1, 2, 3].map((i) => ({ id: String(i), n: i, note: null }));
  await insertRows(db, 't', COLUMNS, rows, 2, ' ON CONFLICT DO NOTHING');
  assert.deepEqual(
    db.runs.map((r) => r.sql),
    [
      'INSERT INTO t (id, n, note) VALUES (?, ?, ?), (?, ?, ?) ON CONFLICT DO NOTHING',
      'INSERT INTO t (id, n, note) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ],
  );
  assert.deepEqual(db.runs[1]!.params, ['3', 3, null]);
});

test("insertRowIf writes the row with its condition in one statement, the condition's values after the row's", async () => {
  const db = recorder();
  const insertUnlessTaken = insertRowIf<Row>('t', COLUMNS, 'NOT EXISTS (SELECT 1 FROM t WHERE note = ?)');
  assert.equal(await insertUnlessTaken(db, { id: '1', n: 2, note: 'x' }, ['x']), true);
  assert.deepEqual(db.runs, [
    {
      sql: 'INSERT INTO t (id, n, note) SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM t WHERE note = ?)',
      params: ['1', 2, 'x', 'x'],
    },
  ]);
  const refused: Queryable = { ...db, run: async () => ({ changes: 0 }) };
  assert.equal(await insertUnlessTaken(refused, { id: '2', n: 3, note: 'x' }, ['x']), false);
});

test('marks: n placeholders for an IN list or a VALUES row', () => {
  assert.equal(marks(0), '');
  assert.equal(marks(1), '?');
  assert.equal(marks(3), '?, ?, ?');
  assert.equal(marks(300), Array.from({ length: 300 }, () => '?').join(', '));
});
