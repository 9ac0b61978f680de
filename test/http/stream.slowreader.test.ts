// Back-pressure: a connection that stops reading is dropped as a `SlowReader` once its unsent bytes
// pass `streamBufferBytes`, and those bytes never grow past the limit by more than a line, however
// much is posted; a connection of the same app that keeps reading loses nothing meanwhile.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster, word } from './stream.client.js';

const LIMIT = 256 * 1024;
const RULES = 800;

/** A raw HTTP client that reads the response headers and then never reads again. */
function stalledReader(url: string, bearer: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(port), hostname, () => {
      sock.write(
        `GET /2/tweets/search/stream HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${bearer}\r\n\r\n`,
      );
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      sock.off('data', onData);
      sock.pause();
      if (!head.startsWith('HTTP/1.1 200')) reject(new Error(head));
      else resolve(sock);
    };
    sock.on('data', onData);
    sock.on('error', reject);
  });
}

forEachStore('filtered stream back-pressure', (store) => {
  let s: TestServer;
  /** The server side of every accepted socket, to read how many bytes wait to be sent. */
  const serverSockets: net.Socket[] = [];
  before(async () => {
    s = await startServer({
      store,
      config: { streamBufferBytes: LIMIT },
      beforeListen: (app) => {
        app.server.on('connection', (c) => serverSockets.push(c));
      },
    });
  });
  after(async () => {
    await s.close();
  });

  test('a stalled reader is disconnected with SlowReader; its buffer stays bounded; the reading connection gets every post', async () => {
    const topic = word('slow');
    // Many matching rules make every line large (matching_rules lists them all), so the limit is reached quickly.
    const app = await appWithRules(
      s,
      Array.from({ length: RULES }, (_, i) => ({ value: `${topic} -nope${i}x` })),
    );
    const reader = await openStream(s, app.bearer);
    const before = new Set(serverSockets);
    const stalled = await stalledReader(s.url, app.bearer);
    const stalledServerSide = serverSockets.filter((c) => !before.has(c));
    const { post } = await poster(s);
    const posted: string[] = [];
    let maxWaiting = 0;
    let lineBytes = 0;
    try {
      const gone = async () =>
        (await s.call('GET', '/2/connections?status=inactive', { auth: `Bearer ${app.bearer}` })).body.data?.some(
          (c: any) => c.disconnect_reason === 'slow_reader',
        );
      for (let i = 0; i < 2000 && !(i % 10 === 0 && (await gone())); i++) {
        posted.push(await post(`${topic} number ${i}`));
        for (const c of stalledServerSide) maxWaiting = Math.max(maxWaiting, c.writableLength);
      }
      assert.ok(await gone(), 'the stalled reader was disconnected');
      const last = await post(`${topic} after the disconnect`);
      posted.push(last);
      await reader.waitFor((l) => l.data?.id === last, 10_000);
      lineBytes = JSON.stringify(reader.lines[0]).length + 2;
      assert.deepEqual(
        reader.lines.map((l) => l.data.id),
        posted,
        'the reading connection lost nothing',
      );
      assert.equal(reader.lines[0].matching_rules.length, RULES);
      assert.ok(posted.length * lineBytes > 2 * LIMIT, 'more was produced than the limit allows to buffer');
      assert.ok(
        maxWaiting <= LIMIT + 2 * lineBytes,
        `unsent bytes stayed bounded (max ${maxWaiting}, limit ${LIMIT}, line ${lineBytes})`,
      );
      // The stalled socket is closed by the server once its grace period passes.
      await poll(() => stalled.destroyed || stalled.readableEnded || stalledServerSide.every((c) => c.destroyed), {
        timeoutMs: 10_000,
      });
    } finally {
      stalled.destroy();
      await reader.close();
    }
  });
});
