// npm run bench:cluster — nodes on one PostgreSQL (issue "Many nodes", ADR 0023), built dist
// (`npm run build` first), loopback only, bounded in time. Three figures:
//
//  1. 1 node vs 2 nodes: posts created with POST /2/tweets by BENCH_POSTERS concurrent clients for
//     BENCH_SECONDS (10), spread over the nodes; posts/s created, and the latency from each create
//     response to its receipt on a filtered stream (one connection per node, every post matches),
//     p50/p99 — with 2 nodes half the receipts cross from one node to the other.
//  2. Idle CPU of a node holding 10 open filtered-stream connections (5 enterprise apps × 2): CPU
//     time the process used over BENCH_IDLE_SECONDS (20) while nothing is posted, from /proc.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the database; each run
// uses fresh schemas, dropped at the end. BENCH_AVIARY_ROOT runs another checkout's build (e.g. the
// code before push replaced polling) for a before/after comparison.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { client, openStream as openStreamOn, type Client, type OpenStream } from './support/client.js';
import { cpuMs } from './support/spawn.js';
import { until } from './support/util.js';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = resolve(process.env.BENCH_AVIARY_ROOT ?? '.');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 16);
const WORD = 'clusterbench';

type Node = { name: string; base: URL; proc: ChildProcess; dataDir: string; admin: string };

async function startNode(schema: string, name: string): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), `aviary-bench-${name}-`));
  const proc = spawn(
    process.execPath,
    [
      join(ROOT, 'bin/aviary.js'),
      'start',
      ...['--port', '0', '--data-dir', dataDir, '--log-level', 'warn', '--no-seed-demo', '--rate-limits', 'off'],
      ...['--database-url', DB, '--database-schema', schema, '--node-name', name],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: ROOT },
  );
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  const base = await until(() => /Base URL\s+(http:\/\/\S+)/.exec(out)?.[1], 120_000);
  const admin = `Bearer ${JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).admin_token}`;
  return { name, base: new URL(base), proc, dataDir, admin };
}

async function stopNode(n: Node): Promise<void> {
  await new Promise<void>((r) => {
    n.proc.once('exit', () => r());
    n.proc.kill('SIGTERM');
  });
  rmSync(n.dataDir, { recursive: true, force: true });
}

async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

const clients = new Map<Node, Client>();
/** Kept-alive sockets closed before a node stops (else a write to the stopped node fails with EPIPE). */
function freshAgent() {
  for (const c of clients.values()) c.close();
  clients.clear();
}

function clientOf(n: Node): Client {
  let c = clients.get(n);
  if (!c) clients.set(n, (c = client(n.base.origin)));
  return c;
}

const request = (n: Node, method: string, path: string, auth: string, body?: unknown) =>
  clientOf(n).request(method, path, auth, body);

async function streamApp(n: Node, name: string, rule: string): Promise<string> {
  const app = (await request(n, 'POST', '/_aviary/apps', n.admin, { name, tier: 'enterprise' })).body.data;
  const res = await request(n, 'POST', '/2/tweets/search/stream/rules', `Bearer ${app.bearer_token}`, {
    add: [{ value: rule }],
  });
  if (res.status !== 201) throw new Error(`rules: ${JSON.stringify(res.body)}`);
  return app.bearer_token as string;
}

type Stream = OpenStream;

function openStream(n: Node, bearer: string, onPost: (id: string, at: number) => void): Promise<Stream> {
  return openStreamOn(clientOf(n), '/2/tweets/search/stream', bearer, (m, at) => onPost(m.data.id, at));
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/** Posts for SECONDS from POSTERS clients spread over the nodes, a stream on each node. */
async function throughput(count: 1 | 2) {
  const schema = `bench_cluster_${process.pid}_${count}`;
  const nodes: Node[] = [];
  try {
    for (let i = 0; i < count; i++) nodes.push(await startNode(schema, `bench-${i + 1}`));
    const first = nodes[0]!;
    const bearer = await streamApp(first, 'cluster-bench', WORD);
    const created = new Map<string, number>();
    const latencies: number[] = [];
    let received = 0;
    const streams = await Promise.all(
      nodes.map((n) =>
        openStream(n, bearer, (id, at) => {
          received++;
          const t = created.get(id);
          if (t !== undefined) latencies.push(at - t);
        }),
      ),
    );
    const postingApp = (await request(first, 'POST', '/_aviary/apps', first.admin, { name: 'p', tier: 'enterprise' }))
      .body.data;
    const tokens: string[] = [];
    for (let i = 0; i < POSTERS; i++) {
      const u = (await request(first, 'POST', '/_aviary/users', first.admin, { username: `cb${i}`, name: `cb${i}` }))
        .body.data;
      const t = await request(first, 'POST', `/_aviary/apps/${postingApp.id}/oauth2-tokens`, first.admin, {
        user_id: u.id,
        scopes: ['tweet.read', 'tweet.write', 'users.read'],
      });
      tokens.push(`Bearer ${t.body.data.access_token}`);
    }
    let posts = 0;
    let refused = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      tokens.map(async (auth, i) => {
        for (let k = 0; performance.now() < end; k++) {
          const node = nodes[(i + k) % nodes.length]!;
          const res = await request(node, 'POST', '/2/tweets', auth, { text: `${WORD} ${i} ${k}` });
          if (res.status !== 201) {
            refused++;
            continue;
          }
          created.set(res.body.data.id, performance.now());
          posts++;
        }
      }),
    );
    // Every post reaches every node's connection (one app, one connection per node).
    await until(() => received >= posts * nodes.length || undefined, 10_000).catch(() => undefined);
    for (const s of streams) s.req.destroy();
    return {
      nodes: count,
      posts,
      refused,
      postsPerSecond: Math.round(posts / SECONDS),
      receipts: `${received}/${posts * nodes.length}`,
      p50: pct(latencies, 50).toFixed(1),
      p99: pct(latencies, 99).toFixed(1),
    };
  } finally {
    freshAgent();
    for (const n of nodes) await stopNode(n);
    await dropSchema(schema);
  }
}

/** CPU time of a node holding 10 open filtered-stream connections while nothing happens. */
async function idleCpu() {
  const schema = `bench_cluster_${process.pid}_idle`;
  const node = await startNode(schema, 'bench-idle');
  try {
    const streams: Stream[] = [];
    for (let a = 0; a < 5; a++) {
      const bearer = await streamApp(node, `idle-${a}`, `idle${a}`);
      for (let c = 0; c < 2; c++) streams.push(await openStream(node, bearer, () => undefined));
    }
    await new Promise((r) => setTimeout(r, 3_000)); // past start-up work (first index pass, heartbeats)
    const before = cpuMs(node.proc.pid!);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const used = cpuMs(node.proc.pid!) - before;
    for (const s of streams) s.req.destroy();
    return {
      connections: streams.length,
      seconds: IDLE_SECONDS,
      cpuMs: used,
      percent: ((used / (IDLE_SECONDS * 1000)) * 100).toFixed(2),
    };
  } finally {
    freshAgent();
    await stopNode(node);
    await dropSchema(schema);
  }
}

console.log(`cluster bench: ${ROOT}, ${DB.replace(/\/\/[^@]*@/, '//…@')}`);
console.log('idle node, 10 open streams:', await idleCpu());
console.log('1 node :', await throughput(1));
console.log('2 nodes:', await throughput(2));
freshAgent();
