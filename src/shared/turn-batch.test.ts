import assert from 'node:assert/strict';
import { test } from 'node:test';
import { perTurn } from './turn-batch.js';

test('the keys asked for in one turn are looked up once, after the last of them was asked', async () => {
  const loads: string[][] = [];
  const lookup = perTurn(async (keys) => {
    loads.push(keys);
    return new Map(keys.filter((k) => k !== 'ghost').map((k) => [k, k.toUpperCase()]));
  });
  const a = lookup(['ann', 'bob']);
  await Promise.resolve();
  const b = lookup(['bob', 'ghost']);
  const [ma, mb] = await Promise.all([a, b]);
  assert.deepEqual(loads, [['ann', 'bob', 'ghost']]);
  assert.equal(ma.get('ann'), 'ANN');
  assert.equal(mb.get('bob'), 'BOB');
  assert.equal(mb.get('ghost'), undefined);
  // A later turn is a lookup of its own.
  await lookup(['cy']);
  assert.deepEqual(loads[1], ['cy']);
});

test('a failed lookup fails every caller of its turn, and the next turn looks again', async () => {
  let fail = true;
  const lookup = perTurn(async (keys) => {
    if (fail) throw new Error('store down');
    return new Map(keys.map((k) => [k, 1]));
  });
  const results = await Promise.allSettled([lookup(['a']), lookup(['b'])]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  fail = false;
  assert.equal((await lookup(['a'])).get('a'), 1);
});
