import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_DEPTH, nestingDepth } from './body.js';

test('nesting depth counts arrays and objects, not brackets inside strings', () => {
  assert.equal(nestingDepth('1'), 0);
  assert.equal(nestingDepth('{}'), 1);
  assert.equal(nestingDepth('{"a":[{"b":[]}],"c":{}}'), 4);
  assert.equal(nestingDepth('["[[[[", "\\"[[[", {"k]]": "\\\\"}, [[]]]'), 3);
  assert.equal(nestingDepth('['.repeat(5000) + ']'.repeat(5000)), 5000);
  assert.equal(MAX_DEPTH, 64);
});
