import assert from 'node:assert/strict';
import { test } from 'node:test';
import { safeEqual } from './secrets.js';

test('safeEqual tells equal strings from unequal ones of any length', () => {
  assert.equal(safeEqual('abc', 'abc'), true);
  assert.equal(safeEqual('', ''), true);
  for (const [a, b] of [
    ['abc', 'abd'],
    ['abc', 'ab'],
    ['ab', 'abc'],
    ['', 'a'],
    ['a', ''],
    ['é', 'e'],
    ['abc\0', 'abc'],
  ]) {
    assert.equal(safeEqual(a!, b!), false, `${a} vs ${b}`);
  }
});
