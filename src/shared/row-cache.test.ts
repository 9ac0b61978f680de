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

test('a shared store reads the token at every lookup', async () => {
  const { db, token, reads } = counted();
  await token.read(db);
  await token.read(db);
  assert.equal(reads(), 2);
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
