import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClock } from './clock.js';
import { createScheduler } from './scheduler.js';

const HOUR = 3600_000;

test('advancing 30 virtual hours fires every timer in the span in due order, each seeing its own instant', async () => {
  const clock = createClock(() => 1_700_000_000_000);
  const s = createScheduler(clock);
  const start = clock.now();
  const fired: { name: string; at: number }[] = [];
  for (const h of [29, 1, 12, 30, 31, 0.5])
    s.after(h * HOUR, () => {
      fired.push({ name: `t${h}`, at: clock.now() - start });
    });
  const real = performance.now();
  await s.advance(30 * HOUR);
  const elapsed = performance.now() - real;
  assert.deepEqual(
    fired.map((f) => f.name),
    ['t0.5', 't1', 't12', 't29', 't30'],
  );
  assert.deepEqual(
    fired.map((f) => f.at),
    [0.5, 1, 12, 29, 30].map((h) => h * HOUR),
  );
  assert.equal(clock.now(), start + 30 * HOUR);
  assert.equal(clock.mode(), 'virtual');
  assert.equal(s.pending(), 1, 'the 31-hour timer is still waiting');
  assert.ok(elapsed < 1000, `took ${elapsed} ms`);
  s.stop();
});

test('an interval runs once per period of virtual time, and timers it schedules in the span run too', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  const ticks: number[] = [];
  const chained: number[] = [];
  s.every(30 * 60_000, () => {
    ticks.push(clock.now());
    if (ticks.length === 2)
      s.after(10_000, () => {
        chained.push(clock.now());
      });
  });
  await s.advance(30 * HOUR);
  assert.equal(ticks.length, 60);
  assert.deepEqual(ticks.slice(0, 3), [1_800_000, 3_600_000, 5_400_000]);
  assert.deepEqual(chained, [3_610_000]);
  s.stop();
});

test('cancelled timers never fire; setting the clock back fires nothing', async () => {
  const clock = createClock(() => 10_000);
  const s = createScheduler(clock);
  let fired = 0;
  s.after(1000, () => {
    fired++;
  }).cancel();
  await s.set(5_000);
  assert.equal(clock.now(), 5_000);
  await s.advance(10_000);
  assert.equal(fired, 0);
  s.stop();
});

test('an error in one timer does not stop the others', async () => {
  const clock = createClock(() => 0);
  const errors: string[] = [];
  const s = createScheduler(clock, { onError: (name) => errors.push(name) });
  let ran = false;
  s.after(
    1,
    () => {
      throw new Error('boom');
    },
    'bad',
  );
  s.after(2, () => {
    ran = true;
  });
  await s.advance(5);
  assert.deepEqual(errors, ['bad']);
  assert.ok(ran);
  s.stop();
});

test('real mode fires due timers by itself', async () => {
  const clock = createClock();
  const s = createScheduler(clock);
  const done = new Promise<number>((resolve) => s.after(20, () => resolve(clock.now())));
  const keepAlive = setTimeout(() => undefined, 5000); // the scheduler's own timer never holds the process open
  const at = await done;
  clearTimeout(keepAlive);
  assert.equal(clock.mode(), 'real');
  assert.ok(at >= Date.now() - 1000);
  s.stop();
});
