// A side file (sqlite.side.ts): written by its worker in one transaction a write, read on the event
// loop at once; a write whose reads another handle's write overtook is computed again; a statement
// that fails leaves nothing of its write.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openSideFile } from './sqlite.side.js';

const dir = mkdtempSync(join(tmpdir(), 'aviary-side-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SCHEMA = 'CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v INTEGER NOT NULL)';
const value = async (side: ReturnType<typeof openSideFile>, k: string) =>
  (await side.reads.get<{ v: number }>('SELECT v FROM kv WHERE k = ?', [k]))?.v;

test('a write commits its statements together; reads see it once it is answered', async () => {
  const side = openSideFile(join(dir, 'a.db'), SCHEMA);
  try {
    const answer = await side.write(async (q) => {
      await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['a', 1]);
      await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['b', true]);
      assert.equal(await value(side, 'a'), undefined, 'recorded, not written yet');
      return 'done';
    });
    assert.equal(answer, 'done');
    assert.equal(await value(side, 'a'), 1);
    assert.equal(await value(side, 'b'), 1, 'booleans are stored as 0/1, as the store does');
    await assert.rejects(
      side.write(async (q) => {
        await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['c', 3]);
        await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['a', 2]);
      }),
      /UNIQUE constraint failed/,
    );
    assert.equal(await value(side, 'c'), undefined, 'nothing of a failed write is kept');
    await assert.rejects(side.reads.run('DELETE FROM kv'), /written through write\(\)/);
  } finally {
    await side.close();
  }
});

test('a write computed from reads another write overtook is computed again', async () => {
  const file = join(dir, 'b.db');
  const one = openSideFile(file, SCHEMA);
  const two = openSideFile(file, SCHEMA);
  try {
    await one.write((q) => q.run("INSERT INTO kv (k, v) VALUES ('n', 0)"));
    let runs = 0;
    await one.write(async (q) => {
      runs++;
      const n = (await value(one, 'n'))!;
      // Another process's increment lands between this one's read and its write, once.
      if (runs === 1) await two.write((t) => t.run("UPDATE kv SET v = v + 1 WHERE k = 'n'"));
      await q.run("UPDATE kv SET v = ? WHERE k = 'n'", [n + 1]);
    });
    assert.equal(runs, 2);
    assert.equal(await value(one, 'n'), 2, 'both increments count');
  } finally {
    await one.close();
    await two.close();
  }
});

test("a write's calls run in the writer's thread, in order with its statements, in its transaction", async () => {
  const calls = new URL('./sqlite.side.calls.fixture.ts', import.meta.url).href;
  const side = openSideFile(join(dir, 'calls.db'), SCHEMA, calls);
  try {
    await side.write(async (q) => {
      await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['a', 1]);
      await q.call('bump', { keys: ['a', 'b'], by: 10 });
      await q.run('UPDATE kv SET v = v * 2 WHERE k = ?', ['b']);
    });
    assert.equal(await value(side, 'a'), 11, 'the call read the statement before it');
    assert.equal(await value(side, 'b'), 20, 'the statement after it read what the call wrote');
    await assert.rejects(
      side.write(async (q) => {
        await q.call('bump', { keys: ['a'], by: 1 });
        await q.run('INSERT INTO kv (k, v) VALUES (?, ?)', ['a', 0]);
      }),
      /UNIQUE constraint failed/,
    );
    assert.equal(await value(side, 'a'), 11, 'nothing a failed write called is kept');
    await assert.rejects(
      side.write((q) => q.call('missing', {})),
      /not a function/,
      'an unknown call fails its write',
    );
  } finally {
    await side.close();
  }
});
