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

test('an interval runs at its first due time in an advance and once more at its end; period by period after', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  const ticks: number[] = [];
  const chained: number[] = [];
  s.every(30 * 60_000, () => {
    ticks.push(clock.now());
    if (ticks.length === 1)
      s.after(10_000, () => {
        chained.push(clock.now());
      });
  });
  await s.advance(30 * HOUR);
  assert.deepEqual(ticks, [1_800_000, 30 * HOUR], 'the periods between fold into the run at the end');
  assert.deepEqual(chained, [1_810_000], 'a timer the interval schedules in the span runs at its own time');
  await s.advance(30 * 60_000);
  await s.advance(30 * 60_000);
  assert.deepEqual(ticks.slice(2), [30.5 * HOUR, 31 * HOUR]);
  s.stop();
});

test('a five-year set runs a ten-minute interval twice, not 260,000 times', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  let runs = 0;
  s.every(10 * 60_000, () => {
    runs++;
  });
  await s.set(5 * 365 * 24 * HOUR);
  assert.equal(runs, 2);
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

test('a long advance lets other work in between its timers, and still runs them all in order', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  const fired: number[] = [];
  for (let i = 1; i <= 2000; i++)
    s.at(i * 60_000, () => {
      const until = performance.now() + 0.05; // a little work per timer: 2,000 of them hold the loop ~100 ms
      while (performance.now() < until);
      fired.push(i);
    });
  let done = false;
  const advancing = s.advance(2000 * 60_000).then(() => (done = true));
  const seen: boolean[] = [];
  // Each turn of the event loop that gets in while the advance runs records that it is not done yet.
  while (!done) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    seen.push(done);
  }
  await advancing;
  assert.ok(seen.filter((d) => !d).length >= 3, `other work ran ${seen.length} times during the advance`);
  assert.deepEqual(
    fired,
    Array.from({ length: 2000 }, (_, i) => i + 1),
  );
  assert.equal(clock.now(), 2000 * 60_000);
  s.stop();
});

test('advances, sets and mode changes run one at a time, in the order asked', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  const fired: number[] = [];
  for (let i = 1; i <= 500; i++)
    s.at(i * 1000, () => {
      const until = performance.now() + 0.05;
      while (performance.now() < until);
      fired.push(clock.now());
    });
  const results = await Promise.all([s.advance(300_000), s.useVirtualTime(), s.advance(200_000), s.set(100_000)]);
  assert.deepEqual(results, [300_000, 300_000, 500_000, 100_000]);
  assert.equal(fired.length, 500);
  assert.deepEqual(
    fired,
    [...fired].sort((a, b) => a - b),
    'timers ran in due order, never interleaved',
  );
  s.stop();
});

test('a jump runs nothing on the way; what was due runs at the next advance, an interval once', async () => {
  const clock = createClock(() => 0);
  const s = createScheduler(clock);
  const ticks: number[] = [];
  let due = 0;
  s.every(HOUR, () => {
    ticks.push(clock.now());
  });
  s.after(2 * HOUR, () => {
    due++;
  });
  assert.equal(await s.jump(1000 * HOUR), 1000 * HOUR);
  assert.deepEqual([ticks, due], [[], 0]);
  await s.advance(1);
  assert.deepEqual([ticks, due], [[1000 * HOUR], 1], 'overdue timers run once, at the instant they are found');
  await s.advance(HOUR);
  assert.deepEqual(ticks, [1000 * HOUR, 1001 * HOUR]);
  s.stop();
});
