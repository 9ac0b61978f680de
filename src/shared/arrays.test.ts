import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flatten } from './arrays.js';

test('flatten is flatMap for callbacks that return arrays', () => {
  const rows = [
    { id: 'a', n: 1 },
    { id: 'b', n: 2 },
  ];
  assert.deepEqual(
    flatten(rows, (r) => [r.id, r.n]),
    rows.flatMap((r) => [r.id, r.n]),
  );
  assert.deepEqual(
    flatten([[1, 2], [], [3]], (xs) => xs),
    [1, 2, 3],
  );
  assert.deepEqual(
    flatten([] as number[][], (xs) => xs),
    [],
  );
  // One level only, as flatMap: an array inside a returned array stays whole.
  assert.deepEqual(
    flatten([1], (x) => [[x], x]),
    [[1], 1],
  );
});
