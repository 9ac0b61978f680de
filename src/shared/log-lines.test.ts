import assert from 'node:assert/strict';
import { test } from 'node:test';
import { humanLine } from './log-lines.js';

test('a pino line becomes time, level, message and the rest as key=value', () => {
  const json = JSON.stringify({
    level: 30,
    time: Date.UTC(2026, 10, 24, 14, 5, 9),
    pid: 1,
    hostname: 'h',
    msg: 'listening',
    url: 'http://127.0.0.1:8080',
  });
  assert.equal(humanLine(json), '14:05:09 INFO  listening url=http://127.0.0.1:8080\n');
});

test('an error keeps its stack on the lines below; other objects are JSON', () => {
  const line = humanLine(
    JSON.stringify({
      level: 50,
      time: 0,
      msg: 'failed',
      err: { message: 'x', stack: 'Error: x\n    at f' },
      q: { a: 1 },
    }),
  );
  assert.equal(line, '00:00:00 ERROR failed err=\nError: x\n    at f q={"a":1}\n');
});

test('a line that is not JSON passes through', () => {
  assert.equal(humanLine('plain'), 'plain\n');
});
