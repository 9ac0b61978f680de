// Issue #15 (10a): a reader cut as a `SlowReader` finds the error line as soon as it reads again:
// the unsent backlog is dropped and the line goes right after what the socket already holds.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { appWithRules, poster, word } from './stream.client.js';

const LIMIT = 256 * 1024;
const RULES = 800;

/** A raw HTTP client that reads the response headers, then stops reading until `resume()`. */
async function stalledReader(url: string, bearer: string) {
  const { hostname, port } = new URL(url);
  const sock = net.connect(Number(port), hostname);
  sock.write(`GET /2/tweets/search/stream HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${bearer}\r\n\r\n`);
  let raw = Buffer.alloc(0);
  const collect = (chunk: Buffer) => void (raw = Buffer.concat([raw, chunk]));
  await new Promise<void>((resolve, reject) => {
    const onHead = (chunk: Buffer) => {
      collect(chunk);
      if (!raw.includes('\r\n\r\n')) return;
      sock.off('data', onHead);
      sock.pause();
      if (raw.toString('latin1').startsWith('HTTP/1.1 200')) resolve();
      else reject(new Error(raw.toString()));
    };
    sock.on('data', onHead);
    sock.on('error', reject);
  });
  return {
    sock,
    /**
     * Reads on to the end of the response (its last chunk; the connection itself stays open for
     * another request) and returns the body's JSON lines.
     */
    async resume(): Promise<any[]> {
      const ended = new Promise<void>((resolve) => {
        sock.on('data', (chunk: Buffer) => {
          collect(chunk);
          if (raw.subarray(-7).toString('latin1') === '\r\n0\r\n\r\n') resolve();
        });
        sock.on('close', () => resolve());
      });
      sock.resume();
      await ended;
      const body = dechunk(raw.subarray(raw.indexOf('\r\n\r\n') + 4));
      return body
        .split('\r\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l));
    },
  };
}

/** The payload of a chunked HTTP/1.1 body. */
function dechunk(buf: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    const size = parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}

forEachStore('robustness: SlowReader error line', (store) => {
  let s: TestServer;
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

  test('the cut reader gets the SlowReader line right after what its socket held, not after the backlog', async () => {
    const topic = word('cut');
    // Many matching rules make every line large, so the limit is passed after a few posts.
    const app = await appWithRules(
      s,
      Array.from({ length: RULES }, (_, i) => ({ value: `${topic} -nope${i}x` })),
    );
    const known = new Set(serverSockets);
    const stalled = await stalledReader(s.url, app.bearer);
    const serverSide = serverSockets.filter((c) => !known.has(c));
    const { post } = await poster(s);
    const cut = async () =>
      (await s.call('GET', '/2/connections?status=inactive', { auth: `Bearer ${app.bearer}` })).body.data?.some(
        (c: any) => c.disconnect_reason === 'slow_reader',
      );
    const posted: string[] = [];
    try {
      while (!(await cut()) && posted.length < 2000) posted.push(await post(`${topic} number ${posted.length}`));
      assert.ok(await cut(), 'the stalled reader was cut');
      // What is left to send is the socket's share and the error line, not the backlog up to the limit.
      const unsent = Math.max(...serverSide.map((c) => c.writableLength));
      const lines = await stalled.resume();
      const last = lines[lines.length - 1];
      assert.equal(last.errors?.[0]?.disconnect_type, 'SlowReader', JSON.stringify(last).slice(0, 300));
      assert.equal(last.data, undefined);
      const received = lines.slice(0, -1).map((l) => l.data.id);
      assert.deepEqual(received, posted.slice(0, received.length), 'what arrived is a prefix of the posts, in order');
      const lineBytes = JSON.stringify(lines[0]).length + 2;
      assert.ok(unsent < LIMIT / 2, `unsent after the cut: ${unsent} bytes (limit ${LIMIT}, line ${lineBytes})`);
    } finally {
      stalled.sock.destroy();
    }
  });
});
