// The synthetic post generator (issue #21): POST /_aviary/firehose makes `rate` posts a second for
// `duration` seconds through the real post path, so the firehose stream carries every one of them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser } from '../support/actors.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { openStream } from './stream.client.js';

forEachStore('firehose generator', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('N posts at a rate over a short duration, all on the firehose; one run at a time', async () => {
    const authors = [await newUser(s, { premium: true }), await newUser(s, { premium: true })];
    const app = await newApp(s);
    const streams = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        openStream(s, app.bearer_token, `partition=${i + 1}&tweet.fields=author_id,lang`, '/2/tweets/firehose/stream'),
      ),
    );
    try {
      const t0 = performance.now();
      const start = await s.admin('POST', '/_aviary/firehose', {
        rate: 30,
        duration: 2,
        user_ids: authors.map((a) => a.id),
      });
      assert.equal(start.status, 202);
      assert.equal((await s.admin('POST', '/_aviary/firehose', { rate: 1, duration: 1 })).status, 409);
      const done = await poll(async () => {
        const st = await s.admin('GET', '/_aviary/firehose');
        return st.body.data.running ? undefined : st.body.data;
      });
      const seconds = (performance.now() - t0) / 1000;
      assert.equal(done.created, 60, JSON.stringify(done));
      assert.equal(done.failed, 0);
      assert.ok(seconds >= 1.9, `took ${seconds}s`);
      await poll(() => streams.reduce((n, r) => n + r.lines.length, 0) >= 60);
      const lines = streams.flatMap((r) => r.lines);
      assert.equal(lines.length, 60);
      const ids = new Set(authors.map((a) => a.id));
      assert.ok(lines.every((l) => ids.has(l.data.author_id)));
      assert.ok(new Set(lines.map((l) => l.data.lang)).size > 1, 'several languages');
    } finally {
      await Promise.all(streams.map((r) => r.close()));
    }
  });
});
