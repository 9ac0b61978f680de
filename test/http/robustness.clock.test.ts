// Issue #15 (2): the control API's clock refuses spans and instants it cannot serve (400 naming the
// field, the clock left as it was), and a long advance lets other requests in while its timers run.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

forEachStore('robustness: clock control', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  // Backwards from real time, so no timer runs: a forward set runs every timer in its span, and years
  // of them take seconds (minutes on PostgreSQL) however the span is reached.
  const clock = () => s.admin('POST', '/_aviary/clock', { set: '2010-01-01T00:00:00.000Z' });

  test('out-of-range and mistyped values are 400 naming the field, and the clock does not move', async () => {
    await clock();
    for (const [body, field] of [
      [{ advance_ms: 315_360_000_000 }, 'advance_ms'], // ten years
      [{ advance_ms: 2 ** 53 }, 'advance_ms'],
      [{ advance_ms: 366 * DAY + 1 }, 'advance_ms'],
      [{ advance_ms: -1 }, 'advance_ms'],
      [{ advance_ms: 1.5 }, 'advance_ms'],
      [{ advance_ms: '1000' }, 'advance_ms'],
      [{ advance_ms: null }, 'advance_ms'],
      [{ advance_ms: { toString: null } }, 'advance_ms'],
      [{ set: '2200-01-01T00:00:00Z' }, 'set'],
      [{ set: '2080-01-01T00:00:00.001Z' }, 'set'],
      [{ set: '2006-03-20T23:59:59Z' }, 'set'],
      [{ set: '+275760-09-13T00:00:00.000Z' }, 'set'],
      [{ set: '2030-02-30T00:00:00Z' }, 'set'],
      [{ set: 1_900_000_000_000 }, 'set'],
      [{ set: { toString: null } }, 'set'],
      [{ mode: { toString: null } }, 'mode'],
      [{ mode: 1 }, 'mode'],
    ] as const) {
      const res = await s.admin('POST', '/_aviary/clock', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
      assert.deepEqual(Object.keys(res.body.errors[0].parameters), [field], JSON.stringify(res.body));
    }
    const now = await s.admin('GET', '/_aviary/clock');
    assert.deepEqual(now.body, { data: { now: '2010-01-01T00:00:00.000Z', mode: 'virtual' } });
    // The first instant allowed (the upper bound and advances past it: src/admin/clock.test.ts).
    const first = await s.admin('POST', '/_aviary/clock', { set: '2006-03-21T00:00:00.000Z' });
    assert.deepEqual(first.body, { data: { now: '2006-03-21T00:00:00.000Z', mode: 'virtual' } });
  });

  test('while a long advance runs its timers, GET /_aviary/clock answers within 200 ms', async () => {
    await clock();
    const start = s.deps.clock.now();
    const span = 30 * DAY;
    const count = 4_000;
    const fired: number[] = [];
    // Each timer holds the event loop a little, as a timer doing real work would: 4,000 of them
    // hold it for about a second in all, which a request must not have to wait out.
    for (let i = 1; i <= count; i++)
      s.deps.scheduler.at(start + Math.floor((i * span) / count), () => {
        const until = performance.now() + 0.25;
        while (performance.now() < until);
        fired.push(i);
      });
    let done = false;
    const advancing = s.admin('POST', '/_aviary/clock', { advance_ms: span }).then((r) => ((done = true), r));
    await poll(() => fired.length > 0, { intervalMs: 1 });
    const t0 = performance.now();
    const read = await s.admin('GET', '/_aviary/clock');
    const took = performance.now() - t0;
    const answeredDuringAdvance = !done;
    const res = await advancing;
    assert.equal(read.status, 200);
    assert.ok(answeredDuringAdvance, `the GET waited for the whole advance (${fired.length} of ${count} timers ran)`);
    assert.ok(took < 200, `GET /_aviary/clock took ${Math.round(took)} ms during the advance`);
    assert.ok(Date.parse(read.body.data.now) >= start && Date.parse(read.body.data.now) <= start + span);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.now, '2010-01-31T00:00:00.000Z');
    assert.deepEqual(
      fired,
      Array.from({ length: count }, (_, i) => i + 1),
      'every timer ran, in due order',
    );
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });
});
