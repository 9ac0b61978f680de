import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyCheck, HOUR } from './webhooks.state.js';

const T = 1_900_000_000_000;
const valid = { valid: 1, created_at: T, last_success_at: T };
const transient = { result: 'transient', reason: '500' } as const;

test('a success keeps or makes a webhook valid and schedules the next check 24 hours later', () => {
  const s = applyCheck({ ...valid, valid: 0 }, { result: 'success' }, T + HOUR);
  assert.deepEqual([s.valid, s.last_success_at, s.next_check_at, s.invalid_reason], [1, T + HOUR, T + 25 * HOUR, null]);
});

test('a wrong token, a 3xx or a TLS failure invalidates at once, from any state', () => {
  for (const reason of ['Invalid response_token', 'status 302', 'TLS/SSL exception']) {
    const s = applyCheck(valid, { result: 'invalid', reason }, T + 60_000);
    assert.deepEqual([s.valid, s.next_check_at, s.invalid_reason], [0, null, reason]);
  }
});

test('transient failures keep a webhook valid up to 28 hours, checking every 30 minutes, then invalidate it', () => {
  const at28 = applyCheck(valid, transient, T + 28 * HOUR);
  assert.deepEqual([at28.valid, at28.next_check_at], [1, T + 28.5 * HOUR]);
  const after = applyCheck(valid, transient, T + 28 * HOUR + 1);
  assert.equal(after.valid, 0);
  assert.match(after.invalid_reason!, /more than 28 hours/);
});

test('a transient failure leaves an invalid webhook invalid, with no periodic check', () => {
  const s = applyCheck({ ...valid, valid: 0 }, transient, T + HOUR);
  assert.deepEqual([s.valid, s.next_check_at], [0, null]);
});
