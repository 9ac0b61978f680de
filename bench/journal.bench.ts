// node --import tsx bench/journal.bench.ts — what the request journal costs per request, in process:
// two servers (journal on, 10,000 entries; journal off, --journal-size 0) answer the same bearer
// lookup (GET /2/users/12) through Fastify's inject (the whole hook pipeline, no sockets), in
// alternating rounds; the figure is the median CPU time per request of each and their difference.
// In process, the figure does not depend on how busy the machine's other processes keep its cores
// as bench:http's server CPU does (bench/NOTES.md "faults-journal"). Also: one fault rule that never
// matches, to show the cost of the fault hook's matching path.
// BENCH_DATABASE_URL=postgres://… runs the servers on PostgreSQL (each in a schema of its own, dropped
// after): there the journal is written behind to the store in batches (journal/journal.shared.ts), and
// the figure includes that work, done by the same process.
// Rate limits are off (the lookup's 300 per 15 minutes would refuse the rounds; bench:http measures them).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../src/config/index.js';
import { startAviary, type Aviary } from '../src/main.js';
import { requestEntry } from '../src/journal/journal.entries.js';
import { createRing } from '../src/journal/journal.ring.js';
import { median } from './support/util.js';

const N = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PG = process.env.BENCH_DATABASE_URL;
const schemas: string[] = [];

async function start(journalSize: number): Promise<Aviary> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-journal-bench-'));
  const store = PG ? { databaseUrl: PG, databaseSchema: `bench_journal_${process.pid}_${schemas.length}` } : {};
  if (PG) schemas.push(store.databaseSchema!);
  return startAviary(
    buildConfig({ port: 0, dataDir, logLevel: 'silent', banner: false, journalSize, rateLimits: 'off', ...store }),
  );
}

async function dropSchemas() {
  if (!PG) return;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await c.end();
}

async function round(a: Aviary, auth: string): Promise<number> {
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const res = await a.app.inject({ method: 'GET', url: '/2/users/12', headers: { authorization: auth } });
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    // inject settles in microtasks: without a turn of the event loop, light-my-request's pending
    // setImmediate callbacks (each holding its request and response) pile up until the heap is full.
    if (i % 500 === 499) await new Promise((r) => setImmediate(r));
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / N;
}

/**
 * The journal's own work per request (build the entry, push it into a 10,000-entry ring), without
 * Fastify: a request-shaped object as the onSend hook sees it, recorded a million times.
 */
function recordCost(): number {
  const req = {
    url: '/2/users/12?user.fields=created_at',
    method: 'GET',
    headers: { authorization: 'Bearer AAAA' },
    caller: { kind: 'app', app: { id: '1' } },
    id: '1234',
    journalError: null,
    faults: null,
  } as never;
  const ring = createRing(10_000);
  const n = 1_000_000;
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++)
    ring.push(requestEntry(req, '/2/users/:id', { status: 200, latencyMs: 0.5, now: i, bodies: false }));
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

const micro = [recordCost(), recordCost(), recordCost()];
const on = await start(10_000);
const off = await start(0);
const withRule = await start(10_000);
const bearer = (a: Aviary) => `Bearer ${a.credentials!.app.bearer_token}`;
await withRule.app.inject({
  method: 'POST',
  url: '/_aviary/faults',
  headers: { authorization: `Bearer ${withRule.adminToken}` },
  payload: { action: 'latency', latency_ms: 1, path: '/2/never' },
});
const figures = { on: [] as number[], off: [] as number[], rule: [] as number[] };
try {
  for (const a of [on, off, withRule]) await round(a, bearer(a)); // warm-up, discarded
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 ? ([off, on] as const) : ([on, off] as const);
    for (const a of order) (a === on ? figures.on : figures.off).push(await round(a, bearer(a)));
    figures.rule.push(await round(withRule, bearer(withRule)));
  }
} finally {
  for (const a of [on, off, withRule]) await a.close();
  await dropSchemas();
}
const m = { on: median(figures.on), off: median(figures.off), rule: median(figures.rule) };
console.log(
  JSON.stringify({
    bench: 'journal',
    store: PG ? 'postgres' : 'sqlite',
    requests: N,
    rounds: ROUNDS,
    figures,
    median: m,
    micro,
  }),
);
console.log(`journal record alone (entry + ring push, no Fastify): ${median(micro).toFixed(2)} µs CPU/req`);
console.log(
  `GET /2/users/12 via inject: journal on ${m.on.toFixed(1)} µs CPU/req, off ${m.off.toFixed(1)} µs; ` +
    `journal costs ${(m.on - m.off).toFixed(1)} µs; with one non-matching fault rule ${m.rule.toFixed(1)} µs ` +
    `(+${(m.rule - m.on).toFixed(1)} µs over journal on)`,
);
