// Fault rules with target `delivery` and `crc`: a webhook delivery dropped (nothing sent, the attempt
// logged, the event kept for replay) or delayed; a challenge check lost, so registration fails as it
// does when a receiver never answers. Each attempt and check also appears in the request journal.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, startReceiver, subscribe, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

forEachStore('faults: webhook deliveries and checks', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store, config: { webhookTimeoutMs: 5_000 } });
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
    await subscribe(s, app.auth, { event_type: 'profile.update.bio', filter: { user_id: user.id }, webhook_id: w.id });
    const emit = (after: string) =>
      s.admin('POST', '/_aviary/events', {
        event_type: 'profile.update.bio',
        user_id: user.id,
        payload: { before: 'x', after },
      });
    const deliveries = async () => (await s.admin('GET', `/_aviary/webhooks/${w.id}/deliveries`)).body.data as any[];
    return { ...w, emit, deliveries };
  }

  test('a drop rule loses one delivery: nothing reaches the receiver, the attempt says why; the next is delivered', async () => {
    const { id, receiver, emit, deliveries } = await setup();
    const rule = (
      await s.admin('POST', '/_aviary/faults', { target: 'delivery', action: 'drop', webhook_id: id, count: 1 })
    ).body.data;
    await emit('first');
    const dropped = await poll(async () => (await deliveries()).find((d) => d.status === 'gave_up'));
    assert.match(dropped.error, new RegExp(`dropped by fault rule ${rule.id}`));
    await emit('second');
    const got = await poll(() => receiver.posts[0]);
    assert.equal(got.json.data.payload.after, 'second');
    assert.equal(receiver.posts.length, 1, 'the dropped event never arrived');
    const journal = (await s.admin('GET', `/_aviary/requests?kind=delivery&path=${encodeURIComponent(receiver.url)}`))
      .body.data as any[];
    assert.ok(journal.some((e) => e.webhook_id === id && e.outcome === 'gave_up' && e.faults?.includes(rule.id)));
    assert.ok(journal.some((e) => e.webhook_id === id && e.outcome === 'delivered' && e.status === 200));
  });

  test('a latency rule delays a delivery by at least latency_ms', async () => {
    const { id, receiver, emit } = await setup();
    await s.admin('POST', '/_aviary/faults', {
      target: 'delivery',
      action: 'latency',
      latency_ms: 600,
      webhook_id: id,
    });
    const t0 = performance.now();
    await emit('late');
    await poll(() => receiver.posts[0]);
    assert.ok(performance.now() - t0 >= 600, `arrived after ${performance.now() - t0} ms`);
  });

  test('a dropped challenge check fails the registration (transient), and the journal shows the check', async () => {
    const app = await newApp(s);
    const receiver = await startReceiver({ secret: app.consumer_secret });
    receivers.push(receiver);
    await s.admin('POST', '/_aviary/faults', { target: 'crc', action: 'drop', url: receiver.url, count: 1 });
    const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: receiver.url } });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(receiver.crcs.length, 0, 'nothing was sent');
    const ok = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: receiver.url } });
    assert.equal(ok.status, 200, 'count 1: the next check goes through');
    const checks = (await s.admin('GET', '/_aviary/requests?kind=crc')).body.data as any[];
    const mine = checks.filter((c) => c.path === receiver.url.split('?')[0]);
    assert.deepEqual(
      mine.map((c) => c.result),
      ['success', 'transient'],
    );
  });
});
