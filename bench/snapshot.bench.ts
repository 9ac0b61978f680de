// Snapshot export and import of the demo dataset (issue #20, Deliver 5: "loaded before every run in
// well under a second"), over HTTP on a started server: GET /_aviary/state and PUT /_aviary/state,
// each timed `--runs` times on SQLite and, with AVIARY_TEST_DATABASE_URL set, on PostgreSQL, plus the
// parts of a load (parse, transaction) measured in process. Prints medians and the file's size.
// Run: node --import tsx bench/snapshot.bench.ts [--runs N]
import { cpus, loadavg } from 'node:os';
import { readSnapshot } from '../src/snapshot/index.js';
import { loadSnapshot } from '../src/snapshot/index.js';
import { startServer, type StoreKind, PG_URL } from '../test/support/server.js';

const i = process.argv.indexOf('--runs');
const RUNS = i >= 0 ? Number(process.argv[i + 1]) : 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await fn();
  return [performance.now() - t0, v];
}

async function bench(store: StoreKind, file: Buffer | null): Promise<Buffer> {
  const s = await startServer({ store });
  try {
    const auth = { authorization: `Bearer ${s.adminToken}` };
    const get = async () => Buffer.from(await (await fetch(`${s.url}/_aviary/state`, { headers: auth })).arrayBuffer());
    const put = async (body: Buffer) => {
      const res = await fetch(`${s.url}/_aviary/state`, { method: 'PUT', headers: auth, body: new Uint8Array(body) });
      if (res.status !== 200) throw new Error(`PUT ${res.status}: ${await res.text()}`);
    };
    await get(); // the first export also drains the index the demo seed left queued
    const exports: number[] = [];
    let own!: Buffer;
    for (let r = 0; r < RUNS; r++) {
      const [t, b] = await timed(get);
      exports.push(t);
      own = b;
    }
    const source = file ?? own;
    const imports: number[] = [];
    for (let r = 0; r < RUNS; r++) imports.push((await timed(() => put(source)))[0]);
    const parses: number[] = [];
    for (let r = 0; r < RUNS; r++) parses.push((await timed(async () => readSnapshot(source)))[0]);
    const loads: number[] = [];
    for (let r = 0; r < RUNS; r++) loads.push((await timed(() => loadSnapshot(s.deps.db, source)))[0]);
    const snap = readSnapshot(source);
    const rows = snap.tables.reduce((n, t) => n + t.rows.length, 0);
    console.log(
      `${store.padEnd(8)} file ${(source.length / 1024).toFixed(0)} KiB gzip, ${rows} rows in ${snap.tables.length} tables` +
        ` (taken on ${snap.header.dialect})\n` +
        `         GET /_aviary/state  median ${ms(median(exports))}  (min ${ms(Math.min(...exports))})\n` +
        `         PUT /_aviary/state  median ${ms(median(imports))}  (min ${ms(Math.min(...imports))})\n` +
        `           of which: parse ${ms(median(parses))}, load transaction ${ms(median(loads) - median(parses))}`,
    );
    return own;
  } finally {
    await s.close();
  }
}

console.log(`snapshot bench: ${RUNS} runs each, ${cpus().length} cpus, load ${loadavg()[0]!.toFixed(2)}`);
const fromSqlite = await bench('sqlite', null);
if (PG_URL) await bench('postgres', fromSqlite);
else console.log('postgres skipped: AVIARY_TEST_DATABASE_URL is not set');
