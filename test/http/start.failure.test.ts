// A start that fails once the store is open (here: its port is taken) closes what it had opened, the
// store's connections, the worker lease, the cluster node, so that the process can exit on its own. A
// test runner or a program embedding Aviary otherwise waits for ever on what was left running.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PG_URL, dropSchema } from '../support/server.js';

/** Starts Aviary on the port given and prints how the start ended; the process exits once nothing is open. */
const SCRIPT = `
const { buildConfig } = await import('./src/config/index.ts');
const { startAviary } = await import('./src/main.ts');
const env = process.env;
const config = buildConfig({
  port: Number(env.AV_PORT), host: '127.0.0.1', dataDir: env.AV_DIR, logLevel: 'silent', banner: false,
  seedDemo: false, databaseUrl: env.AV_PG || null, databaseSchema: env.AV_SCHEMA || null,
});
await startAviary(config).then(
  () => { console.log('started'); process.exit(3); },
  (e) => console.log('refused: ' + e.code),
);
`;

function holdPort(): Promise<net.Server> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
}

const stores = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
for (const store of stores) {
  test(`a start refused for a taken port leaves nothing running: the process exits by itself [${store}]`, async () => {
    const held = await holdPort();
    const dir = mkdtempSync(join(tmpdir(), 'aviary-failed-start-'));
    const schema = store === 'postgres' ? `t_${process.pid}_failed_start` : '';
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
        env: {
          ...process.env,
          AV_PORT: String((held.address() as net.AddressInfo).port),
          AV_DIR: dir,
          AV_PG: store === 'postgres' ? PG_URL! : '',
          AV_SCHEMA: schema,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 60_000);
        child.once('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      assert.match(out, /refused: EADDRINUSE/);
      assert.equal(code, 0, 'the process exited by itself once the start was refused');
    } finally {
      held.close();
      rmSync(dir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
}
