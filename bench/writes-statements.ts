// node --import tsx bench/writes-statements.ts [posts] — every statement a post creation causes,
// counted and timed (issue #23 "measure first"). Starts Aviary in this process with the database
// drivers instrumented from outside (better-sqlite3's Statement and Database#exec, pg's
// Client#query), creates `posts` (500) posts one after another with POST /_aviary/posts, and prints a
// table per store: statement, calls per post and time per post, split into the request's own
// statements and the background work they cause (fan-out, search indexer, stream dispatcher).
// One post at a time (default) there is no group commit; BENCH_CONCURRENCY=16 shows it.
// BENCH_STREAM=1 opens one filtered-stream connection with a rule, so the stream dispatcher runs.
// BENCH_HOOK=1 subscribes every author's post.create (X Activity API) to a webhook served here, so
// the activity fan-out and the webhook deliveries run.
// PostgreSQL runs too when BENCH_DATABASE_URL (or AVIARY_TEST_DATABASE_URL) is set.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { benchStore } from './support/stores.js';

const POSTS = Number(process.argv[2] ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.AVIARY_TEST_DATABASE_URL ?? null;

type Stat = { calls: number; ns: bigint };
const stats = new Map<string, Stat>();
const inRequest = new AsyncLocalStorage<true>();
let counting = false;

function record(sql: string, ns: bigint) {
  if (!counting) return;
  const key = `${inRequest.getStore() ? 'request' : 'background'}\t${sql.replace(/\s+/g, ' ').trim()}`;
  const s = stats.get(key) ?? { calls: 0, ns: 0n };
  s.calls++;
  s.ns += ns;
  stats.set(key, s);
}

// better-sqlite3 runs on this thread, synchronously: a statement's cost is this process's CPU time
// across the call (user + system, from getrusage), which a shared machine's preemption leaves out —
// wall time there measured the other helpers' load as much as the statement.
const cpuNs = () => {
  const u = process.cpuUsage();
  return BigInt(u.user + u.system) * 1000n;
};
// better-sqlite3: Statement#run/get/all and Database#exec (transaction control).
const probe = new Database(':memory:');
const StatementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, any>;
probe.close();
for (const m of ['run', 'get', 'all'] as const) {
  const orig = StatementProto[m] as (...a: unknown[]) => unknown;
  StatementProto[m] = function (this: { source: string }, ...a: unknown[]) {
    const t = cpuNs();
    try {
      return orig.apply(this, a);
    } finally {
      record(this.source, cpuNs() - t);
    }
  };
}
const DbProto = Database.prototype as unknown as Record<string, any>;
const origExec = DbProto.exec as (sql: string) => unknown;
DbProto.exec = function (this: unknown, sql: string) {
  const t = cpuNs();
  try {
    return origExec.call(this, sql);
  } finally {
    record(sql, cpuNs() - t);
  }
};
// pg: every query of a pool client (time is the round trip, the server's work included).
const ClientProto = pg.Client.prototype as unknown as Record<string, any>;
const origQuery = ClientProto.query as (...a: unknown[]) => unknown;
ClientProto.query = function (this: unknown, ...a: unknown[]) {
  const sql = typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string })?.text ?? '?');
  const t = process.hrtime.bigint();
  const done = () => record(sql, process.hrtime.bigint() - t);
  // pg's Pool#query calls the client with a callback; everything else awaits a promise.
  const cb = a[a.length - 1];
  if (typeof cb === 'function')
    a[a.length - 1] = (...r: unknown[]) => {
      done();
      return (cb as (...x: unknown[]) => unknown)(...r);
    };
  const r = origQuery.apply(this, a);
  if (typeof cb !== 'function' && r && typeof (r as Promise<unknown>).then === 'function')
    (r as Promise<unknown>).then(done, done);
  return r;
};

async function measure(store: 'sqlite' | 'postgres') {
  stats.clear();
  const where = benchStore(store, PG_URL, 'stmts');
  const config = buildConfig({
    port: 0,
    host: '127.0.0.1',
    ...where.config,
    logLevel: 'silent',
    banner: false,
    seedDemo: false,
  });
  const aviary = await startAviary(config, {
    beforeListen: (app) => {
      // Every request's async work runs in the context of its 'request' event.
      const listeners = app.server.listeners('request') as ((...a: unknown[]) => void)[];
      app.server.removeAllListeners('request');
      for (const l of listeners) app.server.on('request', (...a: unknown[]) => inRequest.run(true, () => l(...a)));
    },
  });
  const call = async (method: string, path: string, body: unknown, auth = `Bearer ${aviary.adminToken}`) => {
    const res = await fetch(aviary.url + path, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const author = (await call('POST', '/_aviary/users', { username: 'stmts', name: 'S' })).body.data;
  const authors: string[] = [author.id];
  for (let k = 1; k < CONCURRENCY; k++)
    authors.push((await call('POST', '/_aviary/users', { username: `stmts${k}`, name: 'S' })).body.data.id);
  let abort: AbortController | null = null;
  if (process.env.BENCH_STREAM) {
    const app = (await call('POST', '/_aviary/apps', { name: 'stmts-stream', tier: 'enterprise' })).body.data;
    await call('POST', '/2/tweets/search/stream/rules', { add: [{ value: 'hello' }] }, `Bearer ${app.bearer_token}`);
    abort = new AbortController();
    const res = await fetch(aviary.url + '/2/tweets/search/stream', {
      headers: { authorization: `Bearer ${app.bearer_token}` },
      signal: abort.signal,
    });
    void res.body?.pipeTo(new WritableStream()).catch(() => undefined);
  }
  let receiver: http.Server | null = null;
  if (process.env.BENCH_HOOK) {
    const app = (await call('POST', '/_aviary/apps', { name: 'stmts-hook', tier: 'enterprise' })).body.data;
    receiver = http.createServer((req, res) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('crc_token');
      if (req.method === 'GET' && token !== null) {
        const response_token = 'sha256=' + createHmac('sha256', app.consumer_secret).update(token).digest('base64');
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_token }));
      }
      req.resume().on('end', () => res.writeHead(200).end());
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const bearer = `Bearer ${app.bearer_token}`;
    const hook = await call('POST', '/2/webhooks', { url }, bearer);
    if (hook.status !== 200) throw new Error(JSON.stringify(hook.body));
    for (const user_id of authors) {
      const sub = await call(
        'POST',
        '/2/activity/subscriptions',
        { event_type: 'post.create', filter: { user_id }, webhook_id: hook.body.data.id },
        bearer,
      );
      if (sub.status >= 300) throw new Error(JSON.stringify(sub.body));
    }
  }
  for (let i = 0; i < 50; i++) await call('POST', '/_aviary/posts', { author_id: author.id, text: `warm ${i} hello` });
  await new Promise((r) => setTimeout(r, 500));
  counting = true;
  // BENCH_CONCURRENCY=16: that many callers at once (group commit shows in the COMMITs per post).
  let i = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (i < POSTS) {
        const n = i++;
        const r = await call('POST', '/_aviary/posts', {
          author_id: authors[n % authors.length]!,
          text: `hello world number ${n} #tag @stmts`,
        });
        if (r.status !== 201) throw new Error(JSON.stringify(r.body));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1_000)); // the background work of the last posts
  counting = false;
  abort?.abort();
  await aviary.close();
  receiver?.close();
  await where.remove();
  const rows = [...stats.entries()]
    .map(([k, s]) => ({
      where: k.split('\t')[0]!,
      sql: k.split('\t')[1]!,
      perPost: s.calls / POSTS,
      us: Number(s.ns) / 1e3 / POSTS,
    }))
    .sort((a, b) => (a.where === b.where ? b.us - a.us : a.where === 'request' ? -1 : 1));
  console.log(
    `\n### ${store}: ${POSTS} posts, ${CONCURRENCY === 1 ? 'one at a time' : `${CONCURRENCY} callers at once`}\n`,
  );
  console.log('| where | statement | calls/post | µs/post |\n|---|---|---|---|');
  for (const r of rows)
    if (r.perPost >= 0.005)
      console.log(
        `| ${r.where} | \`${r.sql.slice(0, 110)}${r.sql.length > 110 ? '…' : ''}\` | ${r.perPost.toFixed(2)} | ${r.us.toFixed(1)} |`,
      );
  for (const where of ['request', 'background']) {
    const part = rows.filter((r) => r.where === where);
    const calls = part.reduce((a, r) => a + r.perPost, 0);
    const us = part.reduce((a, r) => a + r.us, 0);
    console.log(`| **${where} total** | | **${calls.toFixed(2)}** | **${us.toFixed(1)}** |`);
  }
}

await measure('sqlite');
if (PG_URL) await measure('postgres');
