// Fault rules with target `stream`: every `disconnect_type` of the seed reaches a twitter-api-v2
// TweetStream consumer as the in-stream error object of notes §4.1, and the connection closes; the
// activity stream is cut the same way; a rule made while a connection is open cuts it at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ETwitterStreamEvent } from 'twitter-api-v2';
import { DISCONNECT_TYPES } from '../../src/faults/index.js';
import { newApp } from '../support/actors.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, word } from './stream.client.js';

forEachStore('faults: stream disconnects', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('each disconnect_type reaches twitter-api-v2 searchStream as a DataError, then the connection closes', async () => {
    for (const type of DISCONNECT_TYPES) {
      const app = await appWithRules(s, [{ value: word('d') }]);
      const client = twitterApiV2(s.url, app.bearer);
      const stream = await client.v2.searchStream({ autoConnect: false });
      const errors: any[] = [];
      let closed = false;
      stream.on(ETwitterStreamEvent.DataError, (e) => errors.push(e));
      stream.on(ETwitterStreamEvent.ConnectionClosed, () => (closed = true));
      stream.on(ETwitterStreamEvent.ConnectionError, () => (closed = true));
      await stream.connect({ autoReconnect: false });
      try {
        const rule = await s.admin('POST', '/_aviary/faults', {
          target: 'stream',
          action: 'disconnect',
          disconnect_type: type,
          app_id: app.id,
          count: 1,
        });
        assert.equal(rule.status, 201);
        await poll(() => errors.length > 0 && closed, { timeoutMs: 5_000 });
        assert.equal(errors.length, 1);
        const [e] = errors[0].errors;
        assert.deepEqual(Object.keys(errors[0]), ['errors']);
        assert.equal(e.title, 'operational-disconnect');
        assert.equal(e.type, 'https://api.twitter.com/2/problems/operational-disconnect');
        assert.equal(e.disconnect_type, type);
        assert.match(e.detail, /^This stream has been disconnected/);
        assert.equal((await s.admin('GET', `/_aviary/faults/${rule.body.data.id}`)).body.data.fired, 1);
      } finally {
        stream.close();
      }
    }
  });

  test('a rule made before connecting cuts the next connection after latency_ms; the raw line ends in \\r\\n', async () => {
    const app = await appWithRules(s, [{ value: word('r') }]);
    await s.admin('POST', '/_aviary/faults', {
      target: 'stream',
      disconnect_type: 'SlowReader',
      path: '/2/tweets/search/stream',
      app_id: app.id,
      latency_ms: 200,
      count: 1,
    });
    const t0 = performance.now();
    const raw = await openStream(s, app.bearer);
    assert.equal(raw.status, 200);
    await raw.ended;
    assert.ok(performance.now() - t0 >= 200);
    assert.match(raw.text(), /"disconnect_type":"SlowReader".*\}\r\n$/);
    assert.equal(
      raw.lines.at(-1).errors[0].detail,
      'This stream has been disconnected because your client was unable to keep up with us.',
    );
    // count 1: the next connection stays open.
    const again = await openStream(s, app.bearer);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(again.isEnded(), false);
    await again.close();
  });

  test('the activity stream is cut with the same in-stream error', async () => {
    const app = await newApp(s);
    const ac = new AbortController();
    const res = await fetch(`${s.url}/2/activity/stream`, {
      headers: { authorization: `Bearer ${app.bearer_token}` },
      signal: ac.signal,
    });
    assert.equal(res.status, 200);
    await s.admin('POST', '/_aviary/faults', {
      target: 'stream',
      disconnect_type: 'ClientApplicationStateDegraded',
      path: '/2/activity/stream',
      app_id: app.id,
    });
    const text = await res.text(); // ends when the server closes the stream
    const line = JSON.parse(text.trim().split('\r\n').at(-1)!);
    assert.equal(line.errors[0].disconnect_type, 'ClientApplicationStateDegraded');
    assert.equal(line.errors[0].type, 'https://api.twitter.com/2/problems/operational-disconnect');
  });
});
