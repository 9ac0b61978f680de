// The threaded client (http.thread.ts) against a real local receiver: sends made on the event loop
// until the thread is up, then through it with the same answers (status, body, timeout), requests
// sent as they were asked (method, headers, body), and what the thread holds at close failed as a
// closed connection, not left waiting.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createThreadedHttpClient } from './http.thread.js';

let server: http.Server;
let base: string;
const seen: { signature: string | undefined; body: string }[] = [];

before(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/never') return; // answers nothing: a timeout, or a request held at close
      seen.push({ signature: req.headers['x-signature'] as string | undefined, body });
      res.writeHead(req.url === '/gone' ? 410 : 202, { 'content-type': 'text/plain' });
      res.end(`got ${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const config = { strictWebhooks: false, webhookCaFile: null, webhookTimeoutMs: 300 };
const post = (path: string, body: string) => ({
  method: 'POST' as const,
  url: new URL(path, base),
  headers: { 'content-type': 'application/json', 'x-signature': `sig ${body}` },
  body,
});

async function threadUp(client: { threaded: boolean }) {
  for (let i = 0; i < 200 && !client.threaded; i++) await new Promise((r) => setTimeout(r, 25));
  assert.ok(client.threaded, 'the thread started');
}

test('sends on the event loop until the thread is up, then through it with the same answers', async () => {
  const client = createThreadedHttpClient(config, () => performance.now(), { startAfter: 1 });
  try {
    const first = await client.send(post('/hook', '"first"'));
    assert.equal(first.kind, 'response');
    assert.equal(first.kind === 'response' && first.body, 'got "first"');
    await threadUp(client);
    const bodies = Array.from({ length: 50 }, (_, i) => JSON.stringify({ n: i }));
    const results = await Promise.all(bodies.map((b, i) => client.send(post(i % 10 ? '/hook' : '/gone', b))));
    results.forEach((r, i) => {
      assert.equal(r.kind, 'response');
      if (r.kind !== 'response') return;
      assert.equal(r.status, i % 10 ? 202 : 410);
      assert.equal(r.body, `got ${bodies[i]}`);
      assert.ok(r.latencyMs >= 0);
    });
    for (const b of bodies)
      assert.deepEqual(
        seen.find((s) => s.body === b),
        { signature: `sig ${b}`, body: b },
      );
    const late = await client.send(post('/never', '"late"'));
    assert.equal(late.kind, 'timeout');
  } finally {
    client.close();
  }
});

test('what the thread holds when the client closes fails as a closed connection', async () => {
  const client = createThreadedHttpClient(config, () => performance.now(), { startAfter: 1 });
  await client.send(post('/hook', '"warm"'));
  await threadUp(client);
  const held = client.send(post('/never', '"held"'));
  await new Promise((r) => setTimeout(r, 50));
  client.close();
  const r = await held;
  assert.equal(r.kind, 'closed');
  assert.match(r.kind === 'closed' ? r.error : '', /stopping/);
});
