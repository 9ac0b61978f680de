import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPump } from './pump.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pump whose steps are counted; the long idle keeps its own polls out of the way. */
function counted(lingerMs?: number) {
  let steps = 0;
  const pump = createPump({
    idleMs: 5_000,
    lingerMs,
    onError: (err) => assert.fail(String(err)),
    step: async () => {
      steps++;
      return false;
    },
  });
  return { pump, steps: () => steps };
}

test('without linger a nudge steps at once', async () => {
  const { pump, steps } = counted();
  pump.start();
  await sleep(20);
  const before = steps();
  pump.nudge();
  await sleep(5);
  assert.ok(steps() > before);
  await pump.stop();
});

test('with linger, nudges within the window make one wake, after the window', async () => {
  const { pump, steps } = counted(300);
  pump.start();
  await sleep(20);
  const before = steps();
  const t = performance.now();
  for (let i = 0; i < 5; i++) {
    pump.nudge();
    await sleep(5);
  }
  // Checked only while surely inside the window (a loaded machine may run the timers late).
  if (performance.now() - t < 250) assert.equal(steps(), before, 'nothing yet: still lingering');
  await sleep(400);
  assert.ok(steps() > before, 'woken once the window passed');
  assert.ok(steps() <= before + 2, 'one wake (and the look again a nudge asks for), not one per nudge');
  await pump.stop();
});

test('stop ends a lingering wait at once', async () => {
  const { pump } = counted(10_000);
  pump.start();
  await sleep(10);
  pump.nudge();
  const t = performance.now();
  await pump.stop();
  assert.ok(performance.now() - t < 1_000);
});

test('a linger asked at each nudge: none while it answers 0', async () => {
  let linger = 0;
  let steps = 0;
  const pump = createPump({
    idleMs: 5_000,
    lingerMs: () => linger,
    onError: (err) => assert.fail(String(err)),
    step: async () => {
      steps++;
      return false;
    },
  });
  pump.start();
  await sleep(20);
  const before = steps;
  pump.nudge();
  await sleep(5);
  assert.ok(steps > before, 'no linger: at once');
  linger = 10_000;
  await sleep(20);
  const now = steps;
  pump.nudge();
  await sleep(50);
  assert.equal(steps, now, 'lingering now');
  await pump.stop();
});

test("a 'paced' step is followed by the next after idleMs, without backing off; an empty one backs off", async () => {
  const at: number[] = [];
  let results: (boolean | 'paced')[] = ['paced', 'paced', 'paced', false, false, false];
  const pump = createPump({
    idleMs: 100,
    maxIdleMs: 10_000,
    onError: (err) => assert.fail(String(err)),
    step: async () => {
      at.push(performance.now());
      return results.shift() ?? false;
    },
  });
  pump.start();
  await sleep(1_300);
  await pump.stop();
  results = [];
  // A late timer only lengthens a gap: the lower bounds hold on a loaded machine.
  const gaps = at.slice(1).map((t, i) => t - at[i]!);
  const shown = gaps.map(Math.round).join(', ');
  // After each paced step: idleMs (not at once, not 100, 200, 400).
  for (const g of gaps.slice(0, 3)) assert.ok(g >= 90 && g < 180, `paced gaps: ${shown}`);
  // Then the empty steps back off: 100, 200, 400 ms.
  assert.ok(gaps[4]! >= 180 && gaps[5]! >= 350, `backed off: ${shown}`);
});
