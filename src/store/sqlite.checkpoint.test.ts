// WAL checkpoints on a worker thread (sqlite.checkpoint.ts, docs/adr/0029): a store written a little
// keeps SQLite's own checkpoints; one written steadily hands them to the worker, whose passes keep
// the log from growing without end (it starts again from its beginning), and nothing written is lost.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { RESTART_PAGES } from './sqlite.checkpoint.js';
import { openSqlite } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'aviary-ckpt-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const autocheckpoint = async (db: ReturnType<typeof openSqlite>) =>
  Number((await db.get<{ wal_autocheckpoint: number }>('PRAGMA wal_autocheckpoint'))?.wal_autocheckpoint);

test('checkpoints move to the worker under steady writes; the log starts again; nothing is lost', async () => {
  const file = join(dir, 'c.db');
  const db = openSqlite(file);
  await db.exec('CREATE TABLE w (k INTEGER PRIMARY KEY, v BLOB NOT NULL)');
  const blob = Buffer.alloc(1_000, 7);
  let k = 0;
  const write = (rows: number) =>
    db.tx(async (tx) => {
      for (let i = 0; i < rows; i++) await tx.run('INSERT INTO w (k, v) VALUES (?, ?)', [k++, blob]);
    });

  await write(10);
  assert.equal(await autocheckpoint(db), 1_000, 'a store written a little keeps SQLite’s own checkpoints');

  // ~48 MB of rows, a few transactions at a time (group commit), over ~3 s as a server under load
  // writes: the worker's passes come at most every 500 ms, after its thread has started, which on a
  // busy machine (the whole suite running) took longer than the 0.4 s the rows took when written at once.
  for (let round = 0; round < 600; round++) {
    await Promise.all([write(20), write(20), write(20), write(20)]);
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(await autocheckpoint(db), 0, 'the worker took the checkpoints over');
  // While the writes went on, the held passes started the log again: without them it would hold
  // every page written (the log's file keeps its longest length).
  const wal = statSync(`${file}-wal`).size;
  assert.ok(
    wal < 0.75 * k * 1_000,
    `the log started again while written (its file ${wal} bytes, ${k * 1_000} written)`,
  );
  // ~12,000 pages went through the log. Once the worker's passes settle, a write finds it copied and
  // starts it again: without that the log would hold all of them.
  let log = Infinity;
  for (let tries = 0; tries < 100 && log >= 2 * RESTART_PAGES; tries++) {
    await new Promise((r) => setTimeout(r, 100));
    await write(1);
    log = Number((await db.get<{ log: number }>('PRAGMA wal_checkpoint(PASSIVE)'))?.log);
  }
  assert.ok(log < 2 * RESTART_PAGES, `the log started again (${log} pages in it)`);

  assert.equal((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM w'))?.n, k);
  await db.close();

  const again = openSqlite(file);
  assert.equal((await again.get<{ n: number }>('SELECT COUNT(*) AS n FROM w'))?.n, k);
  assert.equal((await again.get<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check, 'ok');
  await again.close();
});
