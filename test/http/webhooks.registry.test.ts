// POST/GET/DELETE /2/webhooks against a real receiver: the check at creation, the URL rules, the
// failure reasons, tier limits and ownership.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { crcTime, newApp, newWebhook, startReceiver, type Receiver } from '../support/receiver.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('webhooks: registry', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  const receiver = async (secret: string, path?: string) => {
    const r = await startReceiver({ secret, path });
    receivers.push(r);
    return r;
  };
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  test('registering sends a signed check first and answers with the config', async () => {
    const app = await newApp(s);
    const r = await receiver(app.consumer_secret);
    const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: r.url } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { data } = res.body;
    assert.match(data.id, /^[0-9]{1,19}$/);
    assert.equal(data.url, r.url);
    assert.equal(data.valid, true);
    assert.match(data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(r.crcs.length, 1);
    const crc = r.crcs[0]!;
    assert.ok(crc.crcToken && crc.nonce, 'crc_token and nonce are sent');
    assert.equal(crc.signatureOk, true, 'the CRC GET carries the signature over the raw query string');
    assert.ok(Math.abs(crcTime(crc) - Date.parse(data.created_at)) < 5000, 'nonce encodes the send time');

    const list = await s.call('GET', '/2/webhooks', { auth: app.auth });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, { data: [data], meta: { result_count: 1 } });
    const some = await s.call('GET', '/2/webhooks?webhook_config.fields=url', { auth: app.auth });
    assert.deepEqual(some.body.data, [{ id: data.id, url: r.url }]);
  });

  test('an app with no webhooks gets an empty list', async () => {
    const app = await newApp(s);
    const list = await s.call('GET', '/2/webhooks', { auth: app.auth });
    assert.deepEqual(list.body, { meta: { result_count: 0 } });
  });

  test('a failed check refuses the registration with CrcValidationFailed and the reason', async () => {
    const app = await newApp(s);
    const r = await receiver(app.consumer_secret);
    for (const [mode, reason] of [
      [{ status: 500 }, /status 500/],
      ['wrong-token', /Invalid response_token/],
      ['redirect', /302/],
    ] as const) {
      r.crc = mode;
      const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: r.url } });
      assert.equal(res.status, 400);
      assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
      assert.match(res.body.errors[0].message, /^CrcValidationFailed: /);
      assert.match(res.body.errors[0].message, reason);
      assert.deepEqual(res.body.errors[0].parameters, { url: [r.url] });
    }
    assert.deepEqual((await s.call('GET', '/2/webhooks', { auth: app.auth })).body.meta, { result_count: 0 });
  });

  test('an unreachable URL fails the check', async () => {
    const app = await newApp(s);
    const r = await receiver(app.consumer_secret);
    await r.close();
    const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: r.url } });
    assert.equal(res.status, 400);
    assert.match(res.body.errors[0].message, /^CrcValidationFailed: connection closed/);
  });

  test('invalid URLs, duplicates and the tier limit are refused with their reasons', async () => {
    const app = await newApp(s, 'pay-per-use');
    for (const url of ['not a url', 'ftp://example.com/x', '', 'https://example.com/' + 'x'.repeat(200)]) {
      const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url } });
      assert.equal(res.status, 400, url);
      assert.match(res.body.errors[0].message, /^UrlValidationFailed: /);
    }
    const missing = await s.call('POST', '/2/webhooks', { auth: app.auth, body: {} });
    assert.match(missing.body.errors[0].message, /^UrlValidationFailed: url is required/);
    const { receiver: r } = await newWebhook(s, app);
    receivers.push(r);
    const dup = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: r.url } });
    assert.equal(dup.status, 400);
    assert.match(dup.body.errors[0].message, /^DuplicateUrlFailed: /);
    const other = await receiver(app.consumer_secret, '/other');
    const over = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: other.url } });
    assert.equal(over.status, 400);
    assert.match(over.body.errors[0].message, /^WebhookLimitExceeded: the pay-per-use tier allows 1 webhook/);
    assert.equal(other.crcs.length, 0, 'no check is sent when the registration is refused anyway');
  });

  test('two apps may register the same URL', async () => {
    const a = await newApp(s);
    const b = await newApp(s);
    const { receiver: r } = await newWebhook(s, a);
    receivers.push(r);
    r.secret = b.consumer_secret;
    const res = await s.call('POST', '/2/webhooks', { auth: b.auth, body: { url: r.url } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  test('delete removes the webhook; unknown or foreign ids are WebhookIdInvalid', async () => {
    const app = await newApp(s);
    const stranger = await newApp(s);
    const { receiver: r, id } = await newWebhook(s, app);
    receivers.push(r);
    const foreign = await s.call('DELETE', `/2/webhooks/${id}`, { auth: stranger.auth });
    assert.equal(foreign.status, 400);
    assert.match(foreign.body.errors[0].message, /^WebhookIdInvalid: /);
    assert.deepEqual(foreign.body.errors[0].parameters, { webhook_id: [id] });
    const del = await s.call('DELETE', `/2/webhooks/${id}`, { auth: app.auth });
    assert.deepEqual([del.status, del.body], [200, { data: { deleted: true } }]);
    const again = await s.call('DELETE', `/2/webhooks/${id}`, { auth: app.auth });
    assert.match(again.body.errors[0].message, /^WebhookIdInvalid: /);
    assert.deepEqual((await s.call('GET', '/2/webhooks', { auth: app.auth })).body.meta, { result_count: 0 });
    const put = await s.call('PUT', '/2/webhooks/123', { auth: app.auth });
    assert.match(put.body.errors[0].message, /^WebhookIdInvalid: /);
  });

  test('webhook management needs an app bearer token', async () => {
    const none = await s.call('GET', '/2/webhooks');
    assert.equal(none.status, 401);
    const bad = await s.call('POST', '/2/webhooks', { auth: 'Bearer nope', body: { url: 'http://127.0.0.1:1/' } });
    assert.equal(bad.status, 401);
  });
});

test('--strict-webhooks enforces https, no port and a public address', async () => {
  const s = await startServer({ config: { strictWebhooks: true } });
  try {
    const app = await newApp(s);
    for (const [url, reason] of [
      ['http://example.com/hook', /must use https/],
      ['https://example.com:8443/hook', /must not contain a port/],
      ['https://localhost/hook', /not a public address/],
      ['https://127.0.0.1/hook', /not a public address/],
      ['https://10.0.0.8/hook', /not a public address/],
      ['https://[::1]/hook', /not a public address/],
      ['https://169.254.169.254/latest/meta-data', /not a public address/],
    ] as const) {
      const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url } });
      assert.equal(res.status, 400, url);
      assert.match(res.body.errors[0].message, /^UrlValidationFailed: /, url);
      assert.match(res.body.errors[0].message, reason, url);
    }
  } finally {
    await s.close();
  }
});
