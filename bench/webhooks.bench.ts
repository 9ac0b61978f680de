// npm run bench:webhooks — event delivery to a local receiver, loopback only, bounded in time:
//   1. burst: 20,000 events as fast as the control API takes them → deliveries/s;
//   2. steady: 20,000 events at BENCH_RATE events/s (default 2,000) → p50/p99 cause → delivery;
//   3. failing: 20,000 events with the receiver failing 20 % of attempts → retries, lost events.
// Cause time is when the emitting request was sent (its transaction commits before it answers), so
// latency is measured conservatively. BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL. Events are made with POST /_aviary/events (synthetic
// profile.update.bio) and flow through the real path: outbox → fan-out → delivery rows → POST.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { until } from './support/util.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);
const BATCH = 100;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
// Phase 3 needs retries within the run: eight quick retries instead of the default three over five
// minutes (with which 0.2^4 = 0.16 % of events would exhaust their retries and wait for a replay).
const RETRIES = '20ms,50ms,100ms,200ms,400ms,800ms,1s,2s';

type Arrival = { uuid: string; batch: number; at: number };
const arrivals: Arrival[] = [];
let failRatio = 0;
let attempts = 0;
let secret = '';

const receiver = http.createServer((req, res) => {
  if (req.method === 'GET') {
    const token = new URL(req.url!, 'http://x').searchParams.get('crc_token') ?? '';
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ response_token: 'sha256=' + createHmac('sha256', secret).update(token).digest('base64') }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    attempts++;
    const body = Buffer.concat(chunks);
    const ok =
      req.headers['x-twitter-webhooks-signature'] ===
      'sha256=' + createHmac('sha256', secret).update(body).digest('base64');
    if (!ok || Math.random() < failRatio) return void res.writeHead(ok ? 503 : 401).end();
    const d = JSON.parse(body.toString('utf8')).data;
    arrivals.push({ uuid: d.event_uuid, batch: d.payload.batch, at: performance.now() });
    res.writeHead(200).end();
  });
});
receiver.keepAliveTimeout = 60_000;
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;

const dataDir = mkdtempSync(join(tmpdir(), 'aviary-bench-wh-'));
// BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL, in a fresh schema.
const PG = process.env.BENCH_DATABASE_URL
  ? ['--database-url', process.env.BENCH_DATABASE_URL, '--database-schema', `bench_wh_${process.pid}`]
  : [];
const child = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : []),
    '--import',
    'tsx',
    '-e',
    `import('./src/cli/main.ts').then((m) => m.run(process.argv.slice(1)))`,
    'start',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--log-level',
    'warn',
    '--no-seed-demo',
    '--webhook-retry-schedule',
    RETRIES,
    ...PG,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
child.stdout!.on('data', (d) => {
  out += d;
});
const base = await until(() => /Base URL\s+(http:\/\/\S+)/.exec(out)?.[1], 30_000);
const admin = `Bearer ${JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).admin_token}`;

async function call(method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as any;
}

const app = (await call('POST', '/_aviary/apps', admin, { name: 'bench', tier: 'enterprise' })).data;
secret = app.consumer_secret;
const user = (await call('POST', '/_aviary/users', admin, { username: 'benchuser', name: 'bench' })).data;
const hook = (await call('POST', '/2/webhooks', `Bearer ${app.bearer_token}`, { url: receiverUrl })).data;
await call('POST', '/2/activity/subscriptions', `Bearer ${app.bearer_token}`, {
  event_type: 'profile.update.bio',
  filter: { user_id: user.id },
  webhook_id: hook.id,
});

let batchNo = 0;
const sentAt = new Map<number, number>();
async function emitBatch(): Promise<void> {
  const batch = batchNo++;
  sentAt.set(batch, performance.now());
  await call('POST', '/_aviary/events', admin, {
    event_type: 'profile.update.bio',
    user_id: user.id,
    payload: { batch },
    count: BATCH,
  });
}

function latencies(from: number) {
  const l = arrivals
    .slice(from)
    .map((a) => a.at - sentAt.get(a.batch)!)
    .sort((a, b) => a - b);
  const q = (p: number) => Math.round(l[Math.min(l.length - 1, Math.floor(p * l.length))]!);
  return { p50: q(0.5), p99: q(0.99), max: Math.round(l[l.length - 1]!) };
}

async function phase(name: string, emit: () => Promise<void>) {
  const start = arrivals.length;
  const attemptsBefore = attempts;
  const t0 = performance.now();
  await emit();
  const done = await until(
    () => new Set(arrivals.slice(start).map((a) => a.uuid)).size >= EVENTS || null,
    TIMEOUT_MS,
  ).catch(() => false);
  const seconds = (performance.now() - t0) / 1000;
  const distinct = new Set(arrivals.slice(start).map((a) => a.uuid)).size;
  return {
    phase: name,
    events: EVENTS,
    delivered: distinct,
    lost: EVENTS - distinct,
    duplicates: arrivals.length - start - distinct,
    attempts: attempts - attemptsBefore,
    seconds: Number(seconds.toFixed(2)),
    deliveriesPerSecond: Math.round(distinct / seconds),
    latencyMs: latencies(start),
    completed: Boolean(done),
  };
}

const results = [];
if (!process.env.BENCH_SKIP_BURST)
  results.push(
    await phase('burst', async () => {
      for (let i = 0; i < EVENTS / BATCH; i++) await emitBatch();
    }),
  );
results.push(
  await phase(`steady ${RATE}/s`, async () => {
    const t0 = performance.now();
    for (let i = 0; i < EVENTS / BATCH; i++) {
      const due = t0 + (i * BATCH * 1000) / RATE;
      while (performance.now() < due) await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      void emitBatch();
    }
  }),
);
failRatio = 0.2;
results.push(
  await phase('receiver failing 20%', async () => {
    for (let i = 0; i < EVENTS / BATCH; i++) await emitBatch();
  }),
);

for (const r of results)
  console.log(
    `${r.phase.padEnd(22)} ${String(r.deliveriesPerSecond).padStart(6)} deliveries/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  lost ${r.lost}  duplicates ${r.duplicates}  attempts ${r.attempts}  (${r.seconds} s)`,
  );
console.log(
  `store ${PG.length ? 'postgres' : 'sqlite'}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (shared machines skew these figures)`,
);
console.log(JSON.stringify({ bench: 'webhooks', retrySchedule: RETRIES, loadAverage: loadavg(), results }));
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
receiver.close();
rmSync(dataDir, { recursive: true, force: true });
if (PG.length) {
  const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${PG[3]}" CASCADE`);
  await c.end();
}
