// `aviary start` as a user runs it: banner, credentials file, one port for everything, clean shutdown.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startChild } from '../support/child.js';
import { startServer } from '../support/server.js';

test('aviary start prints the banner, writes credentials.json, answers, and exits 0 on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-cli-'));
  const { proc: child, url, output } = await startChild(dataDir, [], 15_000);
  try {
    const out = output();
    for (const label of [
      'Store',
      'Admin token',
      'consumer key',
      'consumer secret',
      'bearer token',
      'client id',
      'client secret',
      'access token',
      'access secret',
    ]) {
      assert.match(out, new RegExp(label), `banner shows ${label}`);
    }
    const creds = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'));
    assert.equal(creds.base_url, url);
    assert.equal(creds.store, 'sqlite');
    const clock = await fetch(`${url}/_aviary/clock`, { headers: { authorization: `Bearer ${creds.admin_token}` } });
    assert.equal(clock.status, 200);
    const user = await fetch(`${url}/2/users/12`, {
      headers: { authorization: `Bearer ${creds.demo.app.bearer_token}` },
    });
    assert.equal(user.status, 200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('shutdown finishes in-flight requests, then refuses new ones', async () => {
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const inHandler = new Promise<void>((r) => {
    entered = r;
  });
  const s = await startServer({
    beforeListen: (app) => {
      app.get('/2/__slow', async () => {
        entered();
        await gate;
        return { data: 'done' };
      });
    },
  });
  const inFlight = fetch(`${s.url}/2/__slow`).then(async (r) => [r.status, await r.json()] as const);
  await inHandler;
  const closing = s.close();
  setTimeout(release, 100);
  assert.deepEqual(await inFlight, [200, { data: 'done' }]);
  await closing;
  await assert.rejects(fetch(`${s.url}/2/__slow`));
});

test('a second start on the same data dir keeps the admin token and demo credentials', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-restart-'));
  const a = await startServer({ config: { dataDir } });
  const first = { admin: a.adminToken, bearer: a.bearer };
  await a.close();
  const b = await startServer({ config: { dataDir } });
  try {
    assert.deepEqual({ admin: b.adminToken, bearer: b.bearer }, first);
    assert.equal((await b.call('GET', '/2/users/12', { auth: `Bearer ${first.bearer}` })).status, 200);
  } finally {
    await b.close();
  }
});
