import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { createClock } from '../shared/clock.js';
import { Problem } from '../shared/problems.js';
import { createScheduler } from '../shared/scheduler.js';
import { CLOCK_MAX, CLOCK_MIN, controlClock, MAX_ADVANCE_MS } from './clock.js';

const DAY = 86_400_000;

function deps(now: number) {
  const clock = createClock(() => now);
  const cluster = { clockChanged: async () => ({ unacknowledged: [] }) };
  return { clock, scheduler: createScheduler(clock), cluster } as unknown as Deps;
}

const refusal = async (d: Deps, body: Record<string, unknown>) => {
  try {
    await controlClock(d, body);
  } catch (err) {
    assert.ok(err instanceof Problem && err.status === 400, String(err));
    return Object.keys((err.body.errors as { parameters: object }[])[0]!.parameters);
  }
  assert.fail(`${JSON.stringify(body)} was accepted`);
};

test('the bounds: 2006-03-21 … 2080-01-01, within the 41 bits of milliseconds an id holds', async () => {
  assert.equal(new Date(CLOCK_MIN).toISOString(), '2006-03-21T00:00:00.000Z');
  assert.equal(new Date(CLOCK_MAX).toISOString(), '2080-01-01T00:00:00.000Z');
  assert.ok(CLOCK_MAX < 1288834974657 + 2 ** 41, 'ids minted at CLOCK_MAX still fit');
  const d = deps(CLOCK_MAX + 1);
  assert.deepEqual(await controlClock(d, { set: '2080-01-01T00:00:00.000Z' }), {
    now: '2080-01-01T00:00:00.000Z',
    mode: 'virtual',
  });
  assert.deepEqual(await refusal(d, { set: '2080-01-01T00:00:00.001Z' }), ['set']);
  assert.deepEqual(await refusal(d, { advance_ms: 1 }), ['advance_ms'], 'no advance past the last instant');
  assert.equal((await controlClock(d, { advance_ms: 0 })).now, '2080-01-01T00:00:00.000Z');
});

test('an advance is at most 366 days, and reaches the last instant exactly', async () => {
  const d = deps(CLOCK_MAX - MAX_ADVANCE_MS);
  assert.equal(MAX_ADVANCE_MS, 366 * DAY);
  assert.deepEqual(await refusal(d, { advance_ms: MAX_ADVANCE_MS + 1 }), ['advance_ms']);
  assert.equal((await controlClock(d, { advance_ms: MAX_ADVANCE_MS })).now, '2080-01-01T00:00:00.000Z');
});
