// Delivery to webhooks: signed JSON POSTs, the attempt log, retries on the configured schedule driven
// by the virtual clock, nothing sent to an invalid webhook, timeouts, a custom signature header.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, subscribe, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

forEachStore('delivery: webhook POSTs', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store, config: { webhookTimeoutMs: 500 } });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  async function setup() {
    const app = await newApp(s);
    const user = await newUser(s);
    const w = await newWebhook(s, app);
    receivers.push(w.receiver);
    await subscribe(s, app.auth, {
      event_type: 'profile.update.bio',
      filter: { user_id: user.id },
      webhook_id: w.id,
      tag: 'bios',
    });
    const emit = (payload: unknown = { before: 'a', after: 'b' }) =>
      s.admin('POST', '/_aviary/events', { event_type: 'profile.update.bio', user_id: user.id, payload });
    const deliveries = async () => (await s.admin('GET', `/_aviary/webhooks/${w.id}/deliveries`)).body.data as any[];
    return { app, user, ...w, emit, deliveries };
  }

  test('an event is POSTed as signed JSON with the activity envelope, and the attempt is logged', async () => {
    const { receiver: r, user, emit, deliveries, id } = await setup();
    const res = await emit({ before: 'Mars & Cars', after: 'Mars, Cars & AI' });
    assert.equal(res.status, 201);
    const got = await poll(() => r.posts[0]);
    assert.equal(got.headers['content-type'], 'application/json', 'no charset suffix (autohook compares it exactly)');
    assert.equal(
      got.signatureOk,
      true,
      'x-twitter-webhooks-signature = sha256=base64(HMAC-SHA256(consumer secret, body))',
    );
    const d = got.json.data;
    assert.match(d.event_uuid, /^-?[0-9]{1,19}$/);
    assert.deepEqual(
      { ...d, event_uuid: 'x' },
      {
        event_uuid: 'x',
        filter: { user_id: user.id },
        event_type: 'profile.update.bio',
        tag: 'bios',
        payload: { before: 'Mars & Cars', after: 'Mars, Cars & AI' },
        includes: {},
      },
    );
    const log = await poll(async () => (await deliveries())[0]);
    assert.equal(log.status, 'delivered');
    assert.equal(log.attempt, 1);
    assert.equal(log.response_code, 200);
    assert.equal(typeof log.latency_ms, 'number');
    assert.equal(log.event_id, d.event_uuid);
    assert.equal(log.kind, 'activity');
    const page = await s.admin('GET', `/_aviary/webhooks/${id}/deliveries?max_results=1`);
    assert.equal(page.body.meta.result_count, 1);
  });

  test('failed deliveries are retried on the schedule (10 s, 1 min, 3 min of service time), then given up', async () => {
    await s.admin('POST', '/_aviary/clock', { set: '2031-05-01T00:00:00.000Z' });
    const { receiver: r, emit, deliveries } = await setup();
    r.post = { status: 503 };
    await emit();
    await poll(async () => (await deliveries()).length === 1);
    for (const [ms, n] of [
      [9_999, 1],
      [1, 2],
      [60_000, 3],
      [180_000, 4],
      [3_600_000, 4],
    ] as const) {
      await s.admin('POST', '/_aviary/clock', { advance_ms: ms });
      await poll(async () => (await deliveries()).length === n, { timeoutMs: 3000 });
      assert.equal(r.posts.length, n, `after +${ms} ms`);
    }
    const log = (await deliveries()).reverse();
    assert.deepEqual(
      log.map((a) => [a.attempt, a.status, a.response_code]),
      [
        [1, 'failed', 503],
        [2, 'failed', 503],
        [3, 'failed', 503],
        [4, 'gave_up', 503],
      ],
    );
    const times = log.map((a) => Date.parse(a.at) - Date.parse(log[0].at));
    assert.deepEqual(times, [0, 10_000, 70_000, 250_000]);
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('a retry that succeeds stops the retries', async () => {
    await s.admin('POST', '/_aviary/clock', { set: '2031-05-02T00:00:00.000Z' });
    const { receiver: r, emit, deliveries } = await setup();
    r.post = { status: 500 };
    await emit();
    await poll(async () => (await deliveries()).length === 1);
    r.post = 'ok';
    await s.admin('POST', '/_aviary/clock', { advance_ms: 10_000 });
    await poll(async () => (await deliveries()).length === 2);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 600_000 });
    const log = (await deliveries()).reverse();
    assert.deepEqual(
      log.map((a) => [a.attempt, a.status]),
      [
        [1, 'failed'],
        [2, 'delivered'],
      ],
    );
    assert.equal(r.accepted.length, 1);
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('a receiver that does not answer in time is a failed attempt', async () => {
    const { receiver: r, emit, deliveries } = await setup();
    r.post = 'hang';
    await emit();
    const log = await poll(async () => (await deliveries())[0]);
    assert.equal(log.status, 'failed');
    assert.equal(log.response_code, null);
    assert.match(log.error, /no reply within 500 ms/);
  });

  test('nothing is sent to an invalid webhook; the attempt is logged as skipped', async () => {
    const { app, receiver: r, id, emit, deliveries } = await setup();
    r.crc = 'wrong-token';
    assert.equal((await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth })).status, 400);
    await emit();
    const log = await poll(async () => (await deliveries())[0]);
    assert.equal(log.status, 'skipped');
    assert.match(log.error, /invalid/);
    assert.equal(r.posts.length, 0);
  });
});

test('the signature header name is configurable', async () => {
  const s = await startServer({ config: { webhookSignatureHeader: 'x-aviary-signature' } });
  try {
    const app = await newApp(s);
    const user = await newUser(s);
    const { receiver: r, id } = await newWebhook(s, app);
    r.header = 'x-aviary-signature';
    await subscribe(s, app.auth, { event_type: 'spaces.start', filter: { user_id: user.id }, webhook_id: id });
    await s.admin('POST', '/_aviary/spaces', { host_id: user.id, title: 'hello' });
    const got = await poll(() => r.posts[0]);
    assert.equal(got.signatureOk, true);
    assert.equal(got.headers['x-twitter-webhooks-signature'], undefined);
    await r.close();
  } finally {
    await s.close();
  }
});
