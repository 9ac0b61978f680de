import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ECHO_MAX, echo, problems } from './problems.js';

test('echo renders any JSON value, cut to ECHO_MAX characters', () => {
  assert.equal(echo('short'), 'short');
  assert.equal(echo(42), '42');
  assert.equal(echo(null), 'null');
  assert.equal(echo(true), 'true');
  assert.equal(echo({ toString: null }), '{"toString":null}');
  assert.equal(echo({ a: [1, 'two', { b: false }] }), '{"a":[1,"two",{"b":false}]}');
  assert.equal(echo('x'.repeat(1000)), 'x'.repeat(ECHO_MAX) + '…');
  const big = Array.from({ length: 100_000 }, (_, i) => ({ i }));
  assert.equal(echo(big), JSON.stringify(big).slice(0, ECHO_MAX) + '…');
  assert.equal(echo({ ['k'.repeat(500)]: 1 }), `{"${'k'.repeat(ECHO_MAX - 2)}…`);
});

test('echo of a value nested far deeper than the stack allows costs what it shows', () => {
  let v: unknown = 'bottom';
  for (let i = 0; i < 1_000_000; i++) v = [v];
  assert.equal(echo(v), '['.repeat(ECHO_MAX) + '…');
});

test('invalid-request problems cut every echoed parameter value', () => {
  const p = problems.invalidParam('text', 'y'.repeat(5000), 'too long');
  assert.deepEqual(p.body.errors, [{ message: 'too long', parameters: { text: ['y'.repeat(ECHO_MAX) + '…'] } }]);
  const short = { message: 'm', parameters: { a: ['b'] } };
  assert.equal((problems.invalidRequest(short).body.errors as unknown[])[0], short, 'short values: the same object');
});
