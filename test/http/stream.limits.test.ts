// Who may connect to GET /2/tweets/search/stream: 409 without rules, the tier's connection limit
// answered with the real 429 body, app-only bearer only; and the keep-alive.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken } from '../support/actors.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, word } from './stream.client.js';

forEachStore('filtered stream limits', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { streamKeepAliveMs: 50 } });
  });
  after(async () => {
    await s.close();
  });

  test('no rules: 409 streaming-connection', async () => {
    const app = await appWithRules(s, []);
    const res = await openStream(s, app.bearer);
    assert.equal(res.status, 409);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/streaming-connection');
    assert.equal(res.body.title, 'ConnectionException');
  });

  test('self-serve: one connection; a second gets the real 429 TooManyConnections body; closing frees the slot', async () => {
    const app = await appWithRules(s, [{ value: word() }], { tier: 'pro' });
    const first = await openStream(s, app.bearer);
    try {
      assert.equal(first.status, 200);
      const second = await openStream(s, app.bearer);
      assert.equal(second.status, 429);
      assert.deepEqual(second.body, {
        title: 'ConnectionException',
        detail: 'This stream is currently at the maximum allowed connection limit.',
        connection_issue: 'TooManyConnections',
        type: 'https://api.twitter.com/2/problems/streaming-connection',
      });
    } finally {
      await first.close();
    }
    const again = await poll(async () => {
      const r = await openStream(s, app.bearer);
      return r.status === 200 ? r : undefined;
    });
    await again!.close();
  });

  test('connections opened at the same moment still respect the limit', async () => {
    const app = await appWithRules(s, [{ value: word() }], { tier: 'pay-per-use' });
    const streams = await Promise.all([1, 2, 3].map(() => openStream(s, app.bearer)));
    try {
      assert.deepEqual(streams.map((x) => x.status).sort(), [200, 429, 429]);
    } finally {
      for (const x of streams) await x.close();
    }
  });

  test('enterprise: two redundant connections, a third is refused', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const a = await openStream(s, app.bearer);
    const b = await openStream(s, app.bearer);
    try {
      assert.deepEqual([a.status, b.status], [200, 200]);
      const c = await openStream(s, app.bearer);
      assert.equal(c.status, 429);
      assert.equal(c.body.connection_issue, 'TooManyConnections');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('bare \\r\\n keep-alives at the configured interval', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const stream = await openStream(s, app.bearer);
    try {
      await poll(() => stream.keepAlives >= 2);
      assert.match(stream.text(), /^(\r\n)+$/);
    } finally {
      await stream.close();
    }
  });

  test('user-context tokens are refused (app-only bearer), bad parameters are 400', async () => {
    const user = await newUser(s);
    const res = await openStream(s, (await userToken(s, user.id)).replace(/^Bearer /, ''));
    assert.equal(res.status, 403);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/unsupported-authentication');
    const app = await appWithRules(s, [{ value: word() }]);
    for (const q of ['backfill_minutes=6', 'start_time=yesterday', 'tweet.fields=nope', 'foo=bar']) {
      const bad = await openStream(s, app.bearer, q);
      assert.equal(bad.status, 400, q);
      assert.equal(bad.body.type, 'https://api.twitter.com/2/problems/invalid-request');
    }
  });
});
