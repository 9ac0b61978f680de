import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoMillis } from './clock.js';

test('isoMillis formats exactly as Date#toISOString', () => {
  const DAY = 86_400_000;
  const edges = [
    0,
    -1,
    1,
    999,
    1000,
    DAY - 1,
    DAY,
    -DAY,
    -DAY - 1,
    1_700_000_000_000,
    253_402_300_799_999,
    -62_167_219_200_000,
  ];
  for (const ms of edges) assert.equal(isoMillis(ms), new Date(ms).toISOString(), String(ms));
  // Every millisecond field, second, minute and hour, across many days and back and forth between them.
  for (let ms = 1_288_834_974_657, i = 0; i < 200_000; i++, ms += 7_919_333 * (i % 2 ? 1 : -0.5) + 13) {
    const at = Math.round(ms);
    assert.equal(isoMillis(at), new Date(at).toISOString());
  }
  // Years that need six digits and a sign, and fractions, are left to Date.
  for (const ms of [253_402_300_800_000, -62_167_219_200_001, 8.64e15, 1.5])
    assert.equal(isoMillis(ms), new Date(ms).toISOString());
  assert.throws(() => isoMillis(Number.NaN), RangeError);
});
