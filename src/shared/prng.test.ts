import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32, mulberry32At } from './prng.js';

test('the nth draw computed directly is the nth draw of the sequence, for any seed', () => {
  for (const seed of [0, 9, 0xffffffff, 123456789]) {
    const draw = mulberry32(seed);
    for (let n = 1; n <= 300; n++) assert.equal(mulberry32At(seed, n), draw(), `seed ${seed}, draw ${n}`);
  }
});

test('past 2^32 draws the state wraps as the sequence does', () => {
  // The state advances by a constant: draw n and draw n + 2^32 are the same number.
  assert.equal(mulberry32At(7, 5 + 2 ** 32), mulberry32At(7, 5));
  assert.notEqual(mulberry32At(7, 6), mulberry32At(7, 5));
});
