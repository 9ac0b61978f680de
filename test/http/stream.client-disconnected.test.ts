// client-disconnected: a stream does not outlive the bearer token it was opened with. Invalidating
// the token (POST /oauth2/invalidate_token) or regenerating the app's keys ends the app's open
// streams with the in-stream `client-disconnected` error line; the connection history records why;
// another app's stream goes on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp } from '../support/actors.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { openStream, word } from './stream.client.js';

const basic = (key: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64');
const FORM = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };
const CLIENT_DISCONNECTED = {
  title: 'Client Disconnected',
  type: 'https://api.twitter.com/2/problems/client-disconnected',
  detail: 'Your client has gone away: the credentials of this stream were invalidated.',
};

type App = { id: string; bearer_token: string; consumer_key: string; consumer_secret: string };

forEachStore('streams: client-disconnected when the credentials go away', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  async function streamingApp(): Promise<App> {
    const app = (await newApp(s)) as unknown as App;
    const added = await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: `Bearer ${app.bearer_token}`,
      body: { add: [{ value: word() }] },
    });
    assert.equal(added.status, 201);
    return app;
  }

  test('invalidate_token ends the filtered and the sample stream with the in-stream error', async () => {
    const app = await streamingApp();
    const other = await streamingApp();
    const filtered = await openStream(s, app.bearer_token);
    const sample = await openStream(s, app.bearer_token, '', '/2/tweets/sample/stream');
    const untouched = await openStream(s, other.bearer_token);
    try {
      assert.deepEqual([filtered.status, sample.status, untouched.status], [200, 200, 200]);
      const inv = await s.call('POST', '/oauth2/invalidate_token', {
        auth: basic(app.consumer_key, app.consumer_secret),
        headers: FORM,
        body: new URLSearchParams({ access_token: app.bearer_token }).toString(),
      });
      assert.equal(inv.status, 200);

      for (const stream of [filtered, sample]) {
        const line = await stream.waitFor((l) => l.errors !== undefined, 10_000);
        assert.deepEqual(line, { errors: [CLIENT_DISCONNECTED] });
        await stream.ended;
        assert.ok(stream.isEnded());
        // The error is the last line: nothing is sent after it.
        assert.deepEqual(stream.lines.at(-1), line);
      }
      assert.equal(untouched.isEnded(), false);

      // The app's connection history (with a new bearer) says why both ended.
      const token = await s.call('POST', '/oauth2/token', {
        auth: basic(app.consumer_key, app.consumer_secret),
        headers: FORM,
        body: 'grant_type=client_credentials',
      });
      const fresh = `Bearer ${token.body.access_token}`;
      const history = await poll(async () => {
        const r = await s.call(
          'GET',
          '/2/connections?status=inactive&connection.fields=disconnect_reason,endpoint_name',
          {
            auth: fresh,
          },
        );
        return r.body.meta?.result_count === 2 ? r.body : undefined;
      });
      assert.deepEqual(history.data.map((c: any) => [c.endpoint_name, c.disconnect_reason]).sort(), [
        ['filtered_stream', 'credentials_invalidated'],
        ['sample_stream', 'credentials_invalidated'],
      ]);
      // The new bearer connects again.
      const again = await openStream(s, token.body.access_token);
      assert.equal(again.status, 200);
      await again.close();
    } finally {
      await filtered.close();
      await sample.close();
      await untouched.close();
    }
  });

  test('regenerating the app keys ends its streams the same way', async () => {
    const app = await streamingApp();
    const stream = await openStream(s, app.bearer_token);
    try {
      assert.equal(stream.status, 200);
      const regen = await s.admin('POST', `/_aviary/apps/${app.id}/keys/regenerate`);
      assert.equal(regen.status, 200);
      const line = await stream.waitFor((l) => l.errors !== undefined, 10_000);
      assert.deepEqual(line, { errors: [CLIENT_DISCONNECTED] });
    } finally {
      await stream.close();
    }
  });
});
