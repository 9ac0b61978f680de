// The webhook state machine, exactly the seed's table, driven through the virtual clock: 30 hours
// of periodic checks run through POST /_aviary/clock in well under a second of real time.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadOrCreateCertificate } from '../../src/http/tls.js';
import { crcTime, newApp, newWebhook, startReceiver, type Receiver, type TestApp } from '../support/receiver.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const T0 = '2031-03-01T00:00:00.000Z';

forEachStore('webhooks: challenge-response state machine', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    // Short for the timeout cases, long enough for a first check on a busy CI machine (at 300 ms a
    // registration's check once timed out there before the receiver answered).
    s = await startServer({ store, config: { webhookTimeoutMs: 1_000 } });
    // Left to the background, the filing of the demo seed's posts was most of the 30-hour run's time
    // below (~450 of its ~480 ms, 1,259 ms once in a loaded full run).
    await s.settleSearchIndex();
    await s.admin('POST', '/_aviary/clock', { set: T0 });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  const advance = (ms: number) => s.admin('POST', '/_aviary/clock', { advance_ms: ms });
  const now = async () => Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
  const validity = async (app: TestApp, id: string) =>
    (await s.call('GET', '/2/webhooks', { auth: app.auth })).body.data.find((w: any) => w.id === id)?.valid;
  async function setup() {
    const app = await newApp(s);
    const w = await newWebhook(s, app);
    receivers.push(w.receiver);
    return { app, ...w, created: await now() };
  }

  test('transient failures: checks every 30 minutes after 24 hours, invalid after more than 28 hours — 30 hours in < 1 s', async () => {
    const { app, receiver: r, id, created } = await setup();
    r.crc = { status: 503 };
    const t = performance.now();
    await advance(24 * HOUR - 1);
    assert.equal(r.crcs.length, 1, 'no periodic check while a check succeeded in the last 24 hours');
    await advance(30 * HOUR - (24 * HOUR - 1));
    const took = performance.now() - t;
    assert.ok(took < 1000, `30 hours took ${took.toFixed(0)} ms of real time`);
    const times = r.crcs.slice(1).map((c) => (crcTime(c) - created) / HOUR);
    assert.deepEqual(times, [24, 24.5, 25, 25.5, 26, 26.5, 27, 27.5, 28, 28.5]);
    assert.equal(await validity(app, id), false, 'invalid after more than 28 hours without a success');
    await advance(5 * HOUR);
    assert.equal(r.crcs.length, 11, 'an invalid webhook is not checked periodically');
  });

  test('a transient failure followed by a success keeps the webhook valid and resets the 24-hour rule', async () => {
    const { app, receiver: r, id, created } = await setup();
    r.crc = { status: 404 };
    await advance(25 * HOUR);
    assert.equal(await validity(app, id), true);
    r.crc = 'ok';
    await advance(HOUR);
    const afterSuccess = r.crcs.length;
    assert.equal(crcTime(r.crcs.at(-1)!) - created, 25.5 * HOUR);
    await advance(23.5 * HOUR - 1);
    assert.equal(r.crcs.length, afterSuccess, 'the next check waits 24 hours after the success at 25.5 h');
    await advance(1);
    assert.equal(r.crcs.length, afterSuccess + 1);
    assert.equal(await validity(app, id), true);
  });

  test('a periodic check answered with a wrong token, a redirect or a timeout', async () => {
    const wrong = await setup();
    wrong.receiver.crc = 'wrong-token';
    await advance(24 * HOUR);
    assert.equal(await validity(wrong.app, wrong.id), false, '2xx with a wrong response_token: invalid at once');

    const redirect = await setup();
    redirect.receiver.crc = 'redirect';
    await advance(24 * HOUR);
    assert.equal(await validity(redirect.app, redirect.id), false, '3xx: invalid at once');
  });

  test('PUT re-checks: an invalid webhook is re-enabled when the check passes', async () => {
    const { app, receiver: r, id } = await setup();
    r.crc = 'wrong-token';
    const failed = await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    assert.equal(failed.status, 400);
    assert.match(failed.body.errors[0].message, /^CrcValidationFailed: Invalid response_token/);
    assert.equal(await validity(app, id), false);
    r.crc = { status: 500 };
    const transient = await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    assert.match(transient.body.errors[0].message, /^CrcValidationFailed: the CRC reply has status 500/);
    assert.equal(await validity(app, id), false, 'a transient failure does not re-enable');
    r.crc = 'ok';
    const ok = await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    assert.deepEqual([ok.status, ok.body], [200, { data: { attempted: true, valid: true } }]);
    assert.equal(await validity(app, id), true);
    const before = r.crcs.length;
    await advance(24 * HOUR);
    assert.equal(r.crcs.length, before + 1, 'periodic checks resume after re-enabling');
  });

  test('a transient failure on PUT leaves a valid webhook valid', async () => {
    const { app, receiver: r, id } = await setup();
    r.crc = { status: 502 };
    const res = await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    assert.equal(res.status, 400);
    assert.equal(await validity(app, id), true);
  });

  test('a check that does not answer within the timeout is transient', async () => {
    const { app, receiver: r, id } = await setup();
    r.crc = 'hang';
    const res = await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    assert.equal(res.status, 400);
    assert.match(res.body.errors[0].message, /^CrcValidationFailed: timeout/);
    assert.equal(await validity(app, id), true);
  });
});

test('a TLS failure invalidates a webhook at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'aviary-tls-'));
  const good = await loadOrCreateCertificate(join(dir, 'good'));
  const bad = await loadOrCreateCertificate(join(dir, 'bad'));
  const s = await startServer({ config: { webhookCaFile: good.certPath } });
  const app = await newApp(s);
  const r = await startReceiver({ secret: app.consumer_secret, tls: good });
  try {
    const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: r.url } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    r.setTls(bad);
    const put = await s.call('PUT', `/2/webhooks/${res.body.data.id}`, { auth: app.auth });
    assert.equal(put.status, 400);
    assert.match(put.body.errors[0].message, /^CrcValidationFailed: TLS\/SSL exception/);
    const list = await s.call('GET', '/2/webhooks', { auth: app.auth });
    assert.equal(list.body.data[0].valid, false);
    const other = await startReceiver({ secret: app.consumer_secret, tls: bad, path: '/untrusted' });
    const refused = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: other.url } });
    assert.match(refused.body.errors[0].message, /^CrcValidationFailed: TLS\/SSL exception/);
    await other.close();
  } finally {
    await r.close();
    await s.close();
  }
});

test('check timers are derived from the store at start, so a restart keeps them', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-wh-restart-'));
  const a = await startServer({ config: { dataDir } });
  await a.admin('POST', '/_aviary/clock', { set: T0 });
  const app = await newApp(a);
  const { receiver: r, id } = await newWebhook(a, app);
  await a.close();
  const b = await startServer({ config: { dataDir } });
  try {
    await b.admin('POST', '/_aviary/clock', { set: T0 });
    r.crc = { status: 500 };
    await b.admin('POST', '/_aviary/clock', { advance_ms: 30 * HOUR });
    assert.equal(r.crcs.length, 11, 'the 10 periodic checks of hours 24 to 28.5 ran after the restart');
    const list = await b.call('GET', '/2/webhooks', { auth: app.auth });
    assert.equal(list.body.data.find((w: any) => w.id === id).valid, false);
  } finally {
    await r.close();
    await b.close();
  }
});
