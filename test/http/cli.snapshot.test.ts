// `aviary export` and `aviary import` on stores no server runs on: SQLite to a file, the file into
// PostgreSQL (or another SQLite directory), and a server started there serves the state.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { exportCommand, importCommand, type Out } from '../../src/cli/snapshot.js';
import { adminPost, newUser } from '../support/actors.js';
import { PG_URL, startServer, type TestServer } from '../support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'aviary-cli-snapshot-'));
const servers: TestServer[] = [];
/** The PostgreSQL schema the import made: not the test server's own, so dropped here. */
const schema = `t_cli_${process.pid}_${Date.now().toString(36)}`;
after(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
  if (PG_URL) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  }
});

function collector(): Out & { out: string; err: string } {
  const c = {
    out: '',
    err: '',
    stdout: { write: (s: string) => (c.out += s) },
    stderr: { write: (s: string) => (c.err += s) },
  };
  return c;
}

test('export from a stopped SQLite store, import into another store, start there', async () => {
  const a = await startServer({ store: 'sqlite' });
  servers.push(a);
  const user = await newUser(a);
  const post = await adminPost(a, user.id, { text: 'carried by a file' });
  await a.stop();
  const file = join(dir, 'state.jsonl.gz');
  const exported = collector();
  await exportCommand(['--data-dir', a.deps.config.dataDir, file], exported);
  assert.equal(JSON.parse(exported.out).store, 'sqlite');

  const target = PG_URL ? ['--database-url', PG_URL, '--database-schema', schema] : ['--data-dir', join(dir, 'b')];
  const imported = collector();
  await importCommand([...target, file], imported);
  assert.equal(JSON.parse(imported.out).dialect, 'sqlite');

  const b = await startServer({
    store: PG_URL ? 'postgres' : 'sqlite',
    config: PG_URL
      ? { databaseUrl: PG_URL, databaseSchema: target[3], seedDemo: false }
      : { dataDir: target[1], seedDemo: false },
  });
  servers.push(b);
  const got = await b.call('GET', `/2/tweets/${post.id}`, { auth: `Bearer ${a.bearer}` });
  assert.equal(got.body.data.text, 'carried by a file');

  // While a server runs on a store, import refuses (the server's memory would not follow).
  const refused = collector();
  await importCommand([...target, file], refused);
  assert.equal(process.exitCode, 1);
  process.exitCode = 0;
  assert.match(refused.err, /a server is running on this store: load the file with PUT \/_aviary\/state/);
});

test('a file that is not a snapshot: exit code 1, the store unchanged', async () => {
  const bad = join(dir, 'bad.gz');
  writeFileSync(bad, 'nope');
  const c = collector();
  await importCommand(['--data-dir', join(dir, 'c'), bad], c);
  assert.equal(process.exitCode, 1);
  process.exitCode = 0;
  assert.match(c.err, /not imported, the store is unchanged: line 1 is not JSON/);
});
