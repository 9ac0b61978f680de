import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { readSnapshot, SnapshotError, writeSnapshot, type Snapshot } from './snapshot.format.js';

const header = {
  format: 'aviary-snapshot' as const,
  version: 1,
  migrations: ['0001_core'],
  dialect: 'sqlite',
  taken_at: '2026-01-01T00:00:00.000Z',
  clock: { mode: 'virtual' as const, now: 1_767_225_600_000 },
  ids_floor: '1999999999999999999',
};

test('every stored value comes back exactly: text, ids past 2^53, safe integers, floats, nulls, bytes, bigints', () => {
  const rows = [
    ['1999999999999999999', 'über 🐦 "quoted"\n', 9_007_199_254_740_991, 0.1, null, Buffer.from([0, 1, 254, 255])],
    ['2', '', -1, 1e-7, null, Buffer.alloc(0)],
  ];
  const s: Snapshot = {
    header,
    tables: [
      { name: 'posts', columns: ['id', 'text', 'n', 'f', 'z', 'b'], rows },
      { name: 'empty', columns: ['a'], rows: [] },
      { name: 'wide', columns: ['big'], rows: [[2n ** 62n], [12n]] },
    ],
  };
  const back = readSnapshot(writeSnapshot(s));
  assert.deepEqual(back.header, header);
  assert.deepEqual(back.tables[0]!.rows, rows);
  assert.deepEqual(back.tables[1]!.rows, []);
  assert.deepEqual(
    back.tables[2]!.rows,
    [[2n ** 62n], [12]],
    'a bigint past 2^53 stays a bigint; a small one is a number',
  );
  const lines = gunzipSync(writeSnapshot(s)).toString('utf8').trimEnd().split('\n');
  assert.equal(lines.length, 1 + 3 + 4 + 1, 'header, table lines, row lines, end line');
  assert.match(lines[2]!, /^\["1999999999999999999",/);
  assert.deepEqual(readSnapshot(Buffer.from(lines.join('\n'))).tables[0]!.rows, rows, 'plain JSON lines read too');
});

test('what is wrong with a file is said, never half read', () => {
  const good = gunzipSync(writeSnapshot({ header, tables: [{ name: 't', columns: ['a'], rows: [['x']] }] }))
    .toString('utf8')
    .trimEnd()
    .split('\n');
  const bad = (lines: string[], message: RegExp) =>
    assert.throws(
      () => readSnapshot(Buffer.from(lines.join('\n'))),
      (e: unknown) => e instanceof SnapshotError && message.test(e.message),
    );
  bad(['{"format":"other"}'], /not an aviary-snapshot header/);
  bad([good[0]!.replace('"version":1', '"version":2'), ...good.slice(1)], /version 2 is not supported/);
  bad(good.slice(0, -1), /ends early/);
  bad([...good.slice(0, 2), '["x", 1]', good[3]!], /not a row of 1 values/);
  bad([...good.slice(0, 2), '[{"$x":1}]', good[3]!], /t\.a\).*is not a stored value/);
  bad([...good.slice(0, 3), '{"end":true,"tables":1,"rows":2}'], /end line counts 1 tables and 2 rows/);
  bad([...good, '[1]'], /follows the end line/);
  bad([good[0]!, '{"table":"t; DROP","columns":["a"],"rows":0}', good[3]!], /should start a table/);
  bad([good[0]!, '{"table":"t","columns":["a","a"],"rows":0}', good[3]!], /repeats a column/);
});
