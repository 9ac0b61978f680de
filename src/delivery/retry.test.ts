import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextDelay, retrySchedule } from './retry.js';

test('the default schedule retries three times within five minutes, then gives up', () => {
  const s = retrySchedule('10s,1m,3m');
  assert.deepEqual(
    [1, 2, 3, 4].map((n) => nextDelay(s, n)),
    [10_000, 60_000, 180_000, null],
  );
  assert.ok(s.delays.reduce((a, b) => a + b, 0) <= 5 * 60_000);
});

test('schedules accept ms, s, m, h and bare milliseconds; an empty one never retries', () => {
  assert.deepEqual(retrySchedule('250ms, 2s,1.5m,1h,40').delays, [250, 2000, 90_000, 3_600_000, 40]);
  assert.equal(nextDelay(retrySchedule(''), 1), null);
  assert.throws(() => retrySchedule('soon'));
});
