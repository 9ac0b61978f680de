// GET /2/activity/stream: a persistent connection carrying the app's subscription events as JSON
// lines framed by \r\n, with backfill, and at most two connections per app.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, subscribe } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

type Stream = { text: () => string; lines: () => any[]; close: () => void; status: number };

async function openStream(s: TestServer, auth: string, query = ''): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(`${s.url}/2/activity/stream${query}`, {
    headers: { authorization: auth },
    signal: ac.signal,
  });
  let text = '';
  if (res.status === 200) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
      } catch {
        /* aborted */
      }
    })();
  } else {
    text = await res.text();
  }
  return {
    status: res.status,
    text: () => text,
    close: () => ac.abort(),
    lines: () =>
      text
        .split('\r\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l)),
  };
}

forEachStore('activity: persistent stream', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('events of subscriptions without a webhook arrive on the stream, \\r\\n framed; backfill and the connection limit', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    await subscribe(s, app.auth, { event_type: 'profile.update.bio', filter: { user_id: user.id }, tag: 'stream' });
    const live = await openStream(s, app.auth);
    assert.equal(live.status, 200);
    await s.admin('POST', '/_aviary/events', {
      event_type: 'profile.update.bio',
      user_id: user.id,
      payload: { before: 'a', after: 'b' },
    });
    const [e] = (await poll(() => (live.lines().length ? live.lines() : null))) as any[];
    assert.ok(live.text().endsWith('\r\n'));
    assert.deepEqual(
      { ...e.data, event_uuid: 'x' },
      {
        event_uuid: 'x',
        filter: { user_id: user.id },
        event_type: 'profile.update.bio',
        tag: 'stream',
        payload: { before: 'a', after: 'b' },
        includes: {},
      },
    );

    const backfilled = await openStream(s, app.auth, '?backfill_minutes=5');
    await poll(() => backfilled.lines().length === 1);
    assert.equal(backfilled.lines()[0].data.event_uuid, e.data.event_uuid);

    const third = await openStream(s, app.auth);
    assert.equal(third.status, 429);
    assert.equal(JSON.parse(third.text()).connection_issue, 'TooManyConnections');
    live.close();
    const again = await poll(async () => {
      const st = await openStream(s, app.auth);
      if (st.status === 200) return st;
      return null;
    });
    await s.admin('POST', '/_aviary/events', {
      event_type: 'profile.update.bio',
      user_id: user.id,
      payload: { before: 'b', after: 'c' },
    });
    await poll(() => again!.lines().length === 1 && backfilled.lines().length === 2);
    again!.close();
    backfilled.close();
    const bad = await openStream(s, app.auth, '?backfill_minutes=9');
    assert.equal(bad.status, 400);
  });

  test('another app does not see the events', async () => {
    const a = await newApp(s);
    const b = await newApp(s);
    const user = await newUser(s);
    await subscribe(s, a.auth, { event_type: 'spaces.start', filter: { user_id: user.id } });
    const other = await openStream(s, b.auth);
    const mine = await openStream(s, a.auth);
    await s.admin('POST', '/_aviary/spaces', { host_id: user.id });
    await poll(() => mine.lines().length === 1);
    assert.equal(other.lines().length, 0);
    other.close();
    mine.close();
  });
});
