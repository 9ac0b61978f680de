import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generationToken, momentRows, oneMoment, readWithTokens } from './row-cache.js';

// A store whose reads are counted: the n-th read answers `t<n>` for every token (any column).
function store(embedded = false) {
  const sent: string[] = [];
  const db = {
    embedded,
    get: async <T>(sql: string): Promise<T | undefined> => {
      sent.push(sql);
      const n = sent.length;
      return new Proxy({}, { get: () => `t${n}` }) as T;
    },
  };
  return { db, sent };
}

test('a shared store reads the token again for each turn that asks', async () => {
  const { db, sent } = store();
  const token = generationToken('a_generation', 1);
  assert.equal(await token.read(db), 't1');
  assert.equal(await token.read(db), 't2');
  assert.equal(sent.length, 2);
});

test('the lookups of one turn on a shared store share one read, sent after the last of them asked', async () => {
  const { db, sent } = store();
  const token = generationToken('b_generation', 1);
  const first = token.read(db);
  await Promise.resolve();
  const second = token.read(db);
  assert.equal(sent.length, 0, 'nothing sent while the turn asks');
  assert.deepEqual(await Promise.all([first, second]), ['t1', 't1']);
  assert.equal(sent.length, 1, 'one read, sent once both had asked');
  // Inside a transaction (a reader with commit hooks) the read is its own, of this token alone, at once.
  const tx = { ...db, atCommit: () => undefined };
  const inTx = token.read(tx);
  assert.equal(sent.length, 2);
  assert.equal(sent[1], 'SELECT value FROM b_generation WHERE id = 1');
  assert.equal(await inTx, 't2');
});

test('every token is answered by one read: the tokens asked in one turn, or through one handle', async () => {
  const { db, sent } = store();
  const users = generationToken('c_generation', 1);
  const accounts = generationToken('c_generation', 2);
  const posts = generationToken('d_generation', 1);
  assert.deepEqual(await Promise.all([users.read(db), accounts.read(db), posts.read(db)]), ['t1', 't1', 't1']);
  assert.equal(sent.length, 1);
  assert.match(sent[0]!, /\(SELECT value FROM c_generation WHERE id = 1\) AS g\d+/);
  assert.match(sent[0]!, /\(SELECT value FROM c_generation WHERE id = 2\) AS g\d+/);
  assert.match(sent[0]!, /\(SELECT value FROM d_generation WHERE id = 1\) AS g\d+/);

  const once = oneMoment(db);
  assert.equal(await users.read(once), 't2');
  assert.equal(await posts.read(once), 't2', 'held from the first token read through the handle');
  assert.equal(sent.length, 2);
  // A write of this process to one table: that token is read again, and the others with it.
  posts.changed();
  assert.equal(await posts.read(once), 't3');
  assert.equal(await users.read(once), 't3');
  assert.equal(await accounts.read(once), 't3');
  assert.equal(sent.length, 3);
});

test('through a oneMoment handle the token is read once, and again after a write of this process', async () => {
  const { db, sent } = store();
  const token = generationToken('e_generation', 1);
  const once = oneMoment(db);
  assert.equal(await token.read(once), 't1');
  assert.equal(await token.read(once), 't1');
  assert.equal(sent.length, 1);
  token.changed();
  assert.equal(await token.read(once), 't2');
  assert.equal(sent.length, 2);
  // Another handle is another moment; the store itself is untouched by either.
  assert.equal(await token.read(oneMoment(db)), 't3');
  assert.equal(await token.read(db), 't4');
});

test('the embedded store reads once a turn, and again in the turn after a write of this process', async () => {
  const { db, sent } = store(true);
  const token = generationToken('f_generation', 1);
  assert.equal(await token.read(db), 't1');
  assert.equal(await token.read(db), 't1');
  token.changed();
  assert.equal(await token.read(db), 't2');
  await new Promise((r) => setImmediate(r));
  assert.equal(await token.read(db), 't3');
  assert.equal(sent.length, 3);
});

test('rows read through a oneMoment handle are kept for its later lookups; other handles keep none', () => {
  const { db } = store();
  const kept = momentRows<{ id: string; v: number }>();
  const once = oneMoment(db);
  kept.keep(once, [{ id: 'a', v: 1 }]);
  kept.keep(db, [{ id: 'a', v: 2 }]);
  assert.deepEqual(kept.take(once, ['a', 'b']), { rows: [{ id: 'a', v: 1 }], rest: ['b'] });
  assert.deepEqual(kept.take(db, ['a']), { rows: [], rest: ['a'] }, 'the store itself keeps nothing');
  assert.deepEqual(kept.take(oneMoment(db), ['a']), { rows: [], rest: ['a'] }, 'another moment is another step');
});

test('the token comes with the rows where it would be a read of its own: not embedded, not in a transaction, not held', async () => {
  const token = generationToken('e_generation', 1);
  assert.equal(token.column(), '(SELECT value FROM e_generation WHERE id = 1) AS generation');
  const { db } = store();
  assert.equal(token.withRows(db), true, 'a shared store: the token would be a round trip before the rows');
  assert.equal(token.withRows(store(true).db), false, 'the embedded store: read once a turn, no round trip');
  const tx = { ...db, atCommit: () => undefined };
  assert.equal(token.withRows(tx), false, 'a transaction reads it alone');
  const once = oneMoment(db);
  assert.equal(token.withRows(once), true, 'a handle that holds no read yet');
  await token.read(once);
  assert.equal(token.withRows(once), false, 'a handle whose read still answers');
  token.changed();
  assert.equal(token.withRows(once), true, 'after a write of this process its read no longer answers');
});

test('rows read with every token: each token picks its own, and a handle holds them as its read', async () => {
  const users = generationToken('f_generation', 1);
  const posts = generationToken('g_generation', 1);
  const { db, sent } = store();
  const once = oneMoment(db);
  let columns = '';
  const rows = await readWithTokens(once, async (c) => {
    columns = c;
    const row: Record<string, unknown> = { id: '1', version: 3 };
    for (const m of c.matchAll(/AS (g\d+)/g)) row[m[1]!] = `r-${m[1]}`;
    return [row];
  });
  assert.match(columns, /\(SELECT value FROM f_generation WHERE id = 1\) AS g\d+/);
  assert.match(columns, /\(SELECT value FROM g_generation WHERE id = 1\) AS g\d+/);
  assert.notEqual(posts.of(rows[0]!), users.of(rows[0]!));
  assert.match(posts.of(rows[0]!)!, /^r-g\d+$/);
  assert.equal(await users.read(once), users.of(rows[0]!), 'held: no read of its own');
  assert.equal(sent.length, 0);
  users.changed();
  assert.equal(await users.read(once), 't1', 'a write of this process: read again');
});
