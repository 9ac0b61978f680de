// Issue #15 (4): a webhook registered without --strict-webhooks (http, loopback, a port) is held to
// the strict rules after a restart with them on. Every send (delivery, retry, replay) and every
// check (PUT, periodic) is refused before a request is made: the receiver hears nothing, and the
// delivery log and the check result say why.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildConfig } from '../../src/config/index.js';
import { createHttpClient } from '../../src/delivery/http.js';
import { newApp, newUser, newWebhook, startReceiver, subscribe, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const REFUSED = /^refused by --strict-webhooks, nothing was sent: the url must use https$/;
const ymdhm = (ms: number) => new Date(ms).toISOString().replace(/[-T:]/g, '').slice(0, 12);

forEachStore('webhooks: strict mode after a restart', (store) => {
  let loose: TestServer;
  let strict: TestServer;
  let receiver: Receiver;
  let auth: string;
  let hookId: string;
  let userId: string;
  /** What the receiver had heard when the non-strict server stopped. */
  let heard = { posts: 0, crcs: 0 };

  before(async () => {
    loose = await startServer({ store });
    const app = await newApp(loose);
    const user = await newUser(loose);
    const w = await newWebhook(loose, app);
    await subscribe(loose, app.auth, {
      event_type: 'profile.update.bio',
      filter: { user_id: user.id },
      webhook_id: w.id,
    });
    await loose.admin('POST', '/_aviary/events', { event_type: 'profile.update.bio', user_id: user.id });
    await poll(() => w.receiver.accepted.length === 1);
    [receiver, auth, hookId, userId] = [w.receiver, app.auth, w.id, user.id];
    await loose.stop();
    heard = { posts: receiver.posts.length, crcs: receiver.crcs.length };
    strict = await startServer({
      sameStoreAs: loose,
      config: { strictWebhooks: true, webhookRetrySchedule: '10s' },
    });
    await strict.admin('POST', '/_aviary/clock', { mode: 'virtual' });
  });
  after(async () => {
    await strict?.close();
    await loose?.close();
    await receiver?.close();
  });

  const log = async () => (await strict.admin('GET', `/_aviary/webhooks/${hookId}/deliveries`)).body;
  const heardSinceRestart = () => receiver.posts.length - heard.posts + receiver.crcs.length - heard.crcs;

  test('deliveries, their retries and a replay are refused before anything is sent', async () => {
    await strict.admin('POST', '/_aviary/events', { event_type: 'profile.update.bio', user_id: userId });
    const first = await poll(async () => (await log()).data.find((a: any) => a.error?.startsWith('refused')));
    assert.equal(first.status, 'failed', 'a refusal is a failed attempt, retried on the schedule');
    assert.match(first.error, REFUSED);
    assert.equal(first.response_code, null);
    assert.equal(first.latency_ms, null);

    await strict.admin('POST', '/_aviary/clock', { advance_ms: 10_000 });
    const retry = await poll(async () =>
      (await log()).data.find((a: any) => a.delivery_id === first.delivery_id && a.attempt === 2),
    );
    assert.equal(retry.status, 'gave_up');
    assert.match(retry.error, REFUSED);

    const now = Date.parse((await strict.admin('GET', '/_aviary/clock')).body.data.now);
    const before = (await log()).data.length;
    // to_date may be up to a minute ahead; the minute it names must not end before the events.
    const res = await strict.call('POST', '/2/webhooks/replay', {
      auth,
      body: { webhook_id: hookId, from_date: ymdhm(now - HOUR), to_date: ymdhm(now + 60_000) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const all = await poll(async () => {
      const data = (await log()).data;
      return data.length > before && data;
    });
    const sinceRestart = all.filter((a: any) => a.status !== 'delivered');
    assert.ok(sinceRestart.length >= 3);
    for (const a of sinceRestart) assert.match(a.error, REFUSED);
    assert.equal(heardSinceRestart(), 0, 'the receiver heard nothing after the restart');
  });

  test('the periodic check and PUT are refused and make the webhook invalid', async () => {
    await strict.admin('POST', '/_aviary/clock', { advance_ms: 24 * HOUR });
    const hook = await poll(async () => {
      const w = (await log()).webhook;
      return w.valid === false && w;
    });
    assert.match(
      hook.last_check_result,
      /^invalid: refused by --strict-webhooks, nothing was sent: the url must use https$/,
    );
    assert.match(hook.invalid_reason, REFUSED);

    const res = await strict.call('PUT', `/2/webhooks/${hookId}`, { auth });
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
    assert.match(res.body.errors[0].message, /^CrcValidationFailed: refused by --strict-webhooks/);
    assert.deepEqual(res.body.errors[0].parameters, { webhook_id: [hookId] });
    assert.equal(heardSinceRestart(), 0, 'no CRC request reached the receiver');
  });
});

// Node calls no socket `lookup` for an IP literal, so the connect-time check must see it itself.
test('strict mode: the HTTP client refuses an internal IP literal without connecting', async () => {
  const receiver = await startReceiver();
  const client = createHttpClient(buildConfig({ strictWebhooks: true }), () => Date.now());
  try {
    for (const fresh of [false, true]) {
      const res = await client.send({ method: 'POST', url: new URL(receiver.url), headers: {}, body: '{}', fresh });
      assert.equal(res.kind, 'closed');
      assert.match(
        (res as { error: string }).error,
        /^EADDRBLOCKED: refusing to connect to internal address 127\.0\.0\.1$/,
      );
    }
    assert.equal(receiver.posts.length, 0);
  } finally {
    client.close();
    await receiver.close();
  }
});

// A host name reaches the socket's `lookup` (the client hands its connect options to net.connect):
// `localhost` resolves to a loopback address, refused there, before any byte is sent.
test('strict mode: the HTTP client refuses a host name that resolves to an internal address', async () => {
  const receiver = await startReceiver();
  const client = createHttpClient(buildConfig({ strictWebhooks: true }), () => Date.now());
  try {
    const url = new URL(receiver.url);
    url.hostname = 'localhost';
    for (const fresh of [false, true]) {
      const res = await client.send({ method: 'POST', url, headers: {}, body: '{}', fresh });
      assert.equal(res.kind, 'closed');
      assert.match((res as { error: string }).error, /^EADDRBLOCKED: refusing to connect to internal address /);
    }
    assert.equal(receiver.posts.length, 0);
  } finally {
    client.close();
    await receiver.close();
  }
});
