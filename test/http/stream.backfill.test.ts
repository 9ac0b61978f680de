// Recovery after a reconnect: `backfill_minutes` replays the matches of the last minutes before going
// live (oldest first, no gap, no duplicate), `start_time`/`end_time` replay a window and end.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster, word } from './stream.client.js';

forEachStore('filtered stream recovery', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('backfill_minutes: the matches made while disconnected, then live posts; without it, only live ones', async () => {
    const topic = word('back');
    const app = await appWithRules(s, [{ value: topic, tag: 'b' }]);
    const { post } = await poster(s);
    const a = await post(`${topic} one`);
    await post('not matching at all');
    const b = await post(`${topic} two`);
    const plain = await openStream(s, app.bearer);
    await plain.close();
    const stream = await openStream(s, app.bearer, 'backfill_minutes=5&tweet.fields=created_at');
    try {
      const c = await post(`${topic} three, live`);
      await stream.waitFor((l) => l.data?.id === c);
      assert.deepEqual(
        stream.lines.map((l) => l.data.id),
        [a, b, c],
      );
      assert.deepEqual(stream.lines[0].matching_rules, [{ id: app.rules[topic], tag: 'b' }]);
      assert.deepEqual(plain.lines, []);
    } finally {
      await stream.close();
    }
  });

  test('backfill matches with the rules in place now', async () => {
    const [old, fresh] = [word('old'), word('fresh')];
    const app = await appWithRules(s, [{ value: old }]);
    const { post } = await poster(s);
    await post(`${old} before`);
    const f = await post(`${fresh} before`);
    await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: `Bearer ${app.bearer}`,
      body: { add: [{ value: fresh }] },
    });
    await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: `Bearer ${app.bearer}`,
      body: { delete: { values: [old] } },
    });
    const stream = await openStream(s, app.bearer, 'backfill_minutes=2');
    try {
      const live = await post(`${fresh} live`);
      await stream.waitFor((l) => l.data?.id === live);
      assert.deepEqual(
        stream.lines.map((l) => l.data.id),
        [f, live],
      );
    } finally {
      await stream.close();
    }
  });

  test("start_time/end_time: the window's matches, oldest first, then the stream ends (virtual clock)", async () => {
    const topic = word('rec');
    const app = await appWithRules(s, [{ value: topic }]);
    const { post } = await poster(s);
    const t1 = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
    try {
      await s.admin('POST', '/_aviary/clock', { set: new Date(t1).toISOString() });
      await post(`${topic} before the window`);
      await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
      const inside = [await post(`${topic} a`), await post('unrelated b'), await post(`${topic} c`)];
      await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
      await post(`${topic} after the window`);
      const q = `start_time=${new Date(t1 + 30_000).toISOString()}&end_time=${new Date(t1 + 90_000).toISOString()}`;
      const stream = await openStream(s, app.bearer, q);
      await stream.ended;
      assert.deepEqual(
        stream.lines.map((l) => l.data.id),
        [inside[0], inside[2]],
      );
    } finally {
      await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    }
  });
});
