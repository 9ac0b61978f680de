import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerBuffers } from './answer-buffers.js';

const KB = 1024;

test('a large answer gets exactly its size, in memory used again once released', () => {
  const buffers = answerBuffers();
  const first = buffers.take(870 * KB);
  assert.equal(first.bytes.length, 870 * KB);
  first.bytes.fill(1);
  first.release();
  const second = buffers.take(900 * KB);
  assert.equal(second.bytes.length, 900 * KB);
  assert.equal(second.bytes.buffer, first.bytes.buffer, 'the released buffer, whose capacity covers both sizes');
});

test('a buffer not yet released is never handed out twice', () => {
  const buffers = answerBuffers();
  const a = buffers.take(100 * KB);
  const b = buffers.take(100 * KB);
  assert.notEqual(a.bytes.buffer, b.bytes.buffer);
  a.release();
  a.release(); // a second release must not put it back twice
  const c = buffers.take(100 * KB);
  const d = buffers.take(100 * KB);
  assert.equal(c.bytes.buffer, a.bytes.buffer);
  assert.notEqual(d.bytes.buffer, a.bytes.buffer);
});

test('a buffer too small for the answer is not used for it', () => {
  const buffers = answerBuffers();
  const small = buffers.take(100 * KB);
  small.release();
  const large = buffers.take(300 * KB);
  assert.equal(large.bytes.length, 300 * KB);
  assert.notEqual(large.bytes.buffer, small.bytes.buffer);
});

test('small and huge answers are not kept', () => {
  const buffers = answerBuffers();
  for (const size of [10 * KB, 17 * KB * KB]) {
    const one = buffers.take(size);
    assert.equal(one.bytes.length, size);
    one.release();
    assert.notEqual(buffers.take(size).bytes.buffer, one.bytes.buffer, `${size} bytes`);
  }
});
