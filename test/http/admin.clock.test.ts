import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;

forEachStore('control API: clock', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('GET /_aviary/clock reads real time by default', async () => {
    const res = await s.admin('GET', '/_aviary/clock');
    assert.equal(res.status, 200);
    assert.equal(res.body.data.mode, 'real');
    assert.ok(Math.abs(Date.parse(res.body.data.now) - Date.now()) < 5000);
  });

  test('advancing 30 hours runs the timers scheduled in that span, in order, in well under a second', async () => {
    const set = await s.admin('POST', '/_aviary/clock', { set: '2030-01-01T00:00:00.000Z' });
    assert.deepEqual(set.body.data, { now: '2030-01-01T00:00:00.000Z', mode: 'virtual' });
    const start = Date.parse(set.body.data.now);
    const fired: [string, number][] = [];
    for (const h of [28, 4, 24, 0.5, 31]) {
      s.deps.scheduler.after(h * HOUR, () => {
        fired.push([`${h}h`, s.deps.clock.now() - start]);
      });
    }
    const t0 = performance.now();
    const res = await s.admin('POST', '/_aviary/clock', { advance_ms: 30 * HOUR });
    const took = performance.now() - t0;
    assert.equal(res.status, 200);
    assert.equal(res.body.data.now, '2030-01-02T06:00:00.000Z');
    assert.deepEqual(fired, [
      ['0.5h', 0.5 * HOUR],
      ['4h', 4 * HOUR],
      ['24h', 24 * HOUR],
      ['28h', 28 * HOUR],
    ]);
    assert.ok(took < 1000, `${took} ms`);
    const still = await s.admin('GET', '/_aviary/clock');
    assert.equal(still.body.data.now, '2030-01-02T06:00:00.000Z', 'virtual time stands still between calls');
  });

  test('switching back to real time', async () => {
    const res = await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    assert.equal(res.body.data.mode, 'real');
    assert.ok(Math.abs(Date.parse(res.body.data.now) - Date.now()) < 5000);
  });

  test('bad clock requests get 400 naming the field', async () => {
    for (const [body, field] of [
      [{ advance_ms: -5 }, 'advance_ms'],
      [{ advance_ms: 'soon' }, 'advance_ms'],
      [{ set: 'yesterday' }, 'set'],
      [{ mode: 'warp' }, 'mode'],
      [{ set: '2030-01-01T00:00:00Z', advance_ms: 1 }, 'set,advance_ms'],
      [{ speed: 2 }, 'speed'],
    ] as const) {
      const res = await s.admin('POST', '/_aviary/clock', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(Object.keys(res.body.errors[0].parameters)[0]!.length > 0);
      assert.ok(Object.keys(res.body.errors[0].parameters).includes(field), JSON.stringify(res.body));
    }
  });
});
