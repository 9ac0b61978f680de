import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generationToken, oneMoment } from './row-cache.js';

// A store that is not embedded (PostgreSQL's kind) whose token reads are counted.
function counted() {
  let reads = 0;
  const db = { all: null, get: null, run: null, embedded: false };
  const token = generationToken(async () => `t${++reads}`);
  return { db, token, reads: () => reads };
}

test('a shared store reads the token again for each turn that asks', async () => {
  const { db, token, reads } = counted();
  assert.equal(await token.read(db), 't1');
  assert.equal(await token.read(db), 't2');
  assert.equal(reads(), 2);
});

test('the lookups of one turn on a shared store share one read, sent after the last of them asked', async () => {
  let asked = 0;
  const sentAfter: number[] = [];
  const db = { all: null, get: null, run: null, embedded: false };
  const token = generationToken(async () => {
    sentAfter.push(asked);
    return `t${sentAfter.length}`;
  });
  const first = token.read(db);
  asked++;
  await Promise.resolve();
  const second = token.read(db);
  asked++;
  assert.deepEqual(await Promise.all([first, second]), ['t1', 't1']);
  assert.deepEqual(sentAfter, [2], 'one read, sent once both had asked');
  // Inside a transaction (a reader with commit hooks) the read is its own and at once.
  const tx = { ...db, beforeCommit: () => undefined };
  const inTx = token.read(tx);
  assert.deepEqual(sentAfter, [2, 2]);
  assert.equal(await inTx, 't2');
});

test('through a oneMoment handle the token is read once, and again after a write of this process', async () => {
  const { db, token, reads } = counted();
  const once = oneMoment(db);
  assert.equal(await token.read(once), 't1');
  assert.equal(await token.read(once), 't1');
  assert.equal(reads(), 1);
  token.changed();
  assert.equal(await token.read(once), 't2');
  assert.equal(reads(), 2);
  // Another handle is another moment; the store itself is untouched by either.
  assert.equal(await token.read(oneMoment(db)), 't3');
  assert.equal(await token.read(db), 't4');
});
