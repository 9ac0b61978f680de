// Two servers in one process share nothing (STYLE.md "State and speed"; issue #16 item 3): what one
// holds in memory (credential lookups, post rows, stream connections, timers) is its own, and
// stopping one leaves the other serving. Both run SQLite, each on its own data dir; every `forEachStore`
// suite already starts several servers in one process, so a leak between them would show there too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signRequest } from '../../src/auth/index.js';
import { adminPost, newUser } from '../support/actors.js';
import { createClock } from '../../src/shared/clock.js';
import { startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster, word } from './stream.client.js';

/** A virtual clock standing still at the same instant in both servers: they then mint the same ids. */
const SAME_INSTANT = Date.parse('2026-03-01T12:00:00.000Z');
function frozenClock() {
  const clock = createClock();
  clock.setVirtual(SAME_INSTANT);
  return clock;
}

describe('two servers in one process', () => {
  let a: TestServer;
  let b: TestServer;
  let bStopped = false;
  before(async () => {
    a = await startServer({ clock: frozenClock() });
    b = await startServer({ clock: frozenClock() });
  });
  after(async () => {
    await a.close();
    if (!bStopped) await b.close();
  });

  test('a bearer one server knows, and has just looked up, is refused by the other', async () => {
    assert.equal((await a.call('GET', '/2/users/by/username/jack', { auth: `Bearer ${a.bearer}` })).status, 200);
    const res = await b.call('GET', '/2/users/by/username/jack', { auth: `Bearer ${a.bearer}` });
    assert.equal(res.status, 401);
  });

  test('OAuth 1.0a keys one server knows, and has just looked up, are refused by the other', async () => {
    const { app, user } = a.credentials!;
    const me = (s: TestServer) =>
      s.call('GET', '/2/users/me', {
        headers: {
          authorization: signRequest({
            method: 'GET',
            url: `${s.url}/2/users/me`,
            consumerKey: app.consumer_key,
            consumerSecret: app.consumer_secret,
            token: user.access_token,
            tokenSecret: user.access_token_secret,
            timestamp: SAME_INSTANT / 1000,
          }),
        },
      });
    assert.equal((await me(a)).status, 200);
    assert.equal((await me(b)).status, 401);
  });

  test('a post with the same id on both servers is served by each from its own store', async () => {
    // Same instant, same worker id, same sequence of writes: the same user and post ids on both.
    const [userA, userB] = [await newUser(a), await newUser(b)];
    assert.equal(userA.id, userB.id);
    const [postA, postB] = [
      await adminPost(a, userA.id, { text: 'written on server A' }),
      await adminPost(b, userB.id, { text: 'written on server B' }),
    ];
    assert.equal(postA.id, postB.id);
    const read = (s: TestServer) => s.call('GET', `/2/tweets/${postA.id}`, { auth: `Bearer ${s.bearer}` });
    assert.equal((await read(a)).body.data.text, 'written on server A');
    assert.equal((await read(b)).body.data.text, 'written on server B');
    assert.equal((await read(a)).body.data.text, 'written on server A');
  });

  test("a stream rule of one server is not seen by the other's stream", async () => {
    const w = word('two');
    const [onA, onB] = [await appWithRules(a, [{ value: w }]), await appWithRules(b, [{ value: 'nothing' }])];
    assert.equal(onA.id, onB.id, 'the same app id on both servers');
    const [streamA, streamB] = [await openStream(a, onA.bearer), await openStream(b, onB.bearer)];
    const [postA, postB] = [await poster(a), await poster(b)];
    await postB.post(`${w} on B`);
    const idA = await postA.post(`${w} on A`);
    assert.equal((await streamA.waitFor((l) => l.data?.id === idA)).data.text, `${w} on A`);
    // B's stream matches with B's rules only: its own post never reaches it.
    assert.equal(streamB.lines.filter((l) => l.data).length, 0);
    await Promise.all([streamA.close(), streamB.close()]);
  });

  test('stopping one server leaves the other serving, its stream open', async () => {
    const w = word('left');
    const app = await appWithRules(a, [{ value: w }]);
    const stream = await openStream(a, app.bearer);
    const { post } = await poster(a);
    await b.close();
    bStopped = true;
    assert.equal(stream.isEnded(), false);
    const id = await post(`${w} after the other server stopped`);
    assert.equal((await stream.waitFor((l) => l.data?.id === id)).data.id, id);
    assert.equal((await a.call('GET', `/2/tweets/${id}`, { auth: `Bearer ${a.bearer}` })).status, 200);
    await stream.close();
  });
});
