// npm run bench:writes — the write path under load (issue #23), loopback only, bounded in time.
// 16 concurrent clients create posts with POST /_aviary/posts (each its own author) for BENCH_SECONDS
// (20), back to back, in two scenarios per store:
//   - plain: no stream open, no subscription;
//   - streams: 10 filtered-stream connections (5 enterprise apps × 5,000 rules, two connections each)
//     and an X Activity API post.create subscription per author delivering to a local webhook.
// Prints posts/s, server CPU per post (user + system of the server process, /proc; and of its event
// loop thread alone, which bounds the throughput when other threads have room, with how busy it was;
// this bench's own, which shares the machine's cores with the server; on PostgreSQL also the
// database's own, its local processes'), p50/p99 create latency, stream p99 create response →
// receipt (with missed/duplicated/unexpected against the engine's matcher run here on the same
// rules), and webhook deliveries lost (posts acknowledged whose post.create event did not reach the
// receiver within BENCH_DRAIN_S, 60 s, of the end of the load; a stream line counts as missed when
// it has not come by the time the streams have been quiet for 1 s).
// Runs the built server (`npm run build` first; the npm script does it) on SQLite, then on
// PostgreSQL when BENCH_DATABASE_URL (or AVIARY_TEST_DATABASE_URL) is set, each in a fresh store.
// Targets (issue #23): ≤ 250 µs server CPU per post plain; ≥ 2,000 posts/s with streams at stream
// p99 < 50 ms; nothing lost. BENCH_SCENARIOS=plain|streams runs one; BENCH_STORES=sqlite|postgres one;
// BENCH_PARTS=streams|webhook keeps one part of the streams scenario; BENCH_KEEP_SCHEMA=1 leaves the
// PostgreSQL schema in place afterwards (to look at its tables and plans; drop it by hand).
import type http from 'node:http';
import { loadavg } from 'node:os';
import { createRuleIndex, parseQuery, type MatchPost, type RuleIndex } from '../src/engine/index.js';
import { benchStores, dropSchemas, storeFlags } from './support/stores.js';
import { client, freePort, openStream, quantile, type Client } from './support/client.js';
import { cpuMs, cpuSince, mainThreadCpuMs, postgresCpuMs, spawnAviary, type Spawned } from './support/spawn.js';
import { until } from './support/util.js';
import { webhookReceiver, type Receiver } from './support/webhook.js';
import { zipfTexts } from './support/zipf-text.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 16;
const APPS = 5;
const RULES_PER_APP = 5_000;
const CONNECTIONS_PER_APP = 2;
const DRAIN_MS = Number(process.env.BENCH_DRAIN_S ?? 60) * 1000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.AVIARY_TEST_DATABASE_URL ?? null;
/** The streams scenario's parts; BENCH_PARTS=streams or =webhook measures one alone (lab work, not the target). */
const PARTS = (process.env.BENCH_PARTS ?? 'streams,webhook').split(',');

// ---- the streams scenario's consumers: rule sets, connections, a webhook receiver ----

type App = { id: string; bearer: string; index: RuleIndex };
type Conn = { app: App; receipts: Map<string, number[]>; req: http.ClientRequest; closedAt: number | null };

async function ruleApps(c: Client, admin: string, ruleValue: () => string): Promise<App[]> {
  const apps: App[] = [];
  for (let a = 0; a < APPS; a++) {
    const created = (await c.request('POST', '/_aviary/apps', admin, { name: `writes-bench-${a}`, tier: 'enterprise' }))
      .body.data;
    const values = new Set<string>();
    while (values.size < RULES_PER_APP) {
      const v = ruleValue();
      if (parseQuery(v, { product: 'stream', maxLength: 2048 }).ok) values.add(v);
    }
    const res = await c.request('POST', '/2/tweets/search/stream/rules', `Bearer ${created.bearer_token}`, {
      add: [...values].map((value) => ({ value })),
    });
    if (res.status !== 201) throw new Error(`rules not added: ${JSON.stringify(res.body).slice(0, 300)}`);
    const index = createRuleIndex({ product: 'stream' });
    for (const r of res.body.data as { id: string; value: string }[]) {
      const parsed = parseQuery(r.value, { product: 'stream', maxLength: 2048 });
      if (parsed.ok) index.add(r.id, parsed.ast);
    }
    apps.push({ id: created.id, bearer: created.bearer_token, index });
  }
  return apps;
}

/** When any stream connection last received a post (the drain waits for the streams to fall quiet). */
let lastReceipt = 0;

async function connect(c: Client, app: App): Promise<Conn> {
  const receipts = new Map<string, number[]>();
  const s = await openStream(c, '/2/tweets/search/stream', app.bearer, (m, at) => {
    lastReceipt = at;
    const list = receipts.get(m.data.id) ?? [];
    list.push(at);
    receipts.set(m.data.id, list);
  });
  return {
    app,
    receipts,
    req: s.req,
    get closedAt() {
      return s.closedAt;
    },
  };
}

// ---- one scenario on one store ----

type Sent = { id: string; text: string; author: { id: string; username: string }; respondedAt: number };

async function scenario(store: 'sqlite' | 'postgres', withStreams: boolean) {
  const schema = `bench_writes_${process.pid}_${withStreams ? 's' : 'p'}`;
  const server: Spawned = await spawnAviary(await freePort(), storeFlags(store, PG_URL, schema));
  const c = client(server.url);
  const admin = `Bearer ${server.creds.admin_token}`;
  const { ruleValue, postText } = zipfTexts(20250601);
  try {
    const authors: { id: string; username: string }[] = [];
    for (let i = 0; i < CLIENTS; i++)
      authors.push(
        (await c.request('POST', '/_aviary/users', admin, { username: `wbench${i}`, name: `W ${i}` })).body.data,
      );

    let apps: App[] = [];
    const conns: Conn[] = [];
    let receiver: Receiver | null = null;
    if (withStreams && PARTS.includes('streams')) {
      apps = await ruleApps(c, admin, ruleValue);
      for (const app of apps) for (let k = 0; k < CONNECTIONS_PER_APP; k++) conns.push(await connect(c, app));
    }
    if (withStreams && PARTS.includes('webhook')) {
      receiver = await webhookReceiver();
      const hookApp = (
        await c.request('POST', '/_aviary/apps', admin, { name: 'writes-bench-hook', tier: 'enterprise' })
      ).body.data;
      receiver.setSecret(hookApp.consumer_secret);
      const bearer = `Bearer ${hookApp.bearer_token}`;
      const hook = await c.request('POST', '/2/webhooks', bearer, { url: receiver.url });
      if (hook.status !== 200) throw new Error(`webhook not registered: ${JSON.stringify(hook.body)}`);
      for (const a of authors) {
        const sub = await c.request('POST', '/2/activity/subscriptions', bearer, {
          event_type: 'post.create',
          filter: { user_id: a.id },
          webhook_id: hook.body.data.id,
        });
        if (sub.status >= 300) throw new Error(`subscription refused: ${JSON.stringify(sub.body)}`);
      }
    }

    // Warm-up (JIT, statement caches), not counted.
    for (let i = 0; i < 200; i++)
      await c.request('POST', '/_aviary/posts', admin, { author_id: authors[i % CLIENTS]!.id, text: postText(-1 - i) });

    const sent: Sent[] = [];
    const took: number[] = [];
    let failures = 0;
    let n = 0;
    const cpu0 = cpuMs(server.proc.pid!);
    const main0 = mainThreadCpuMs(server.proc.pid!);
    const bench0 = cpuMs(process.pid);
    const db0 = store === 'postgres' ? postgresCpuMs() : null;
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    await Promise.all(
      authors.map(async (author) => {
        while (performance.now() < end) {
          const text = postText(n++);
          const startedAt = performance.now();
          const res = await c.request('POST', '/_aviary/posts', admin, { author_id: author.id, text });
          const respondedAt = performance.now();
          if (res.status !== 201) {
            failures++;
            continue;
          }
          took.push(respondedAt - startedAt);
          sent.push({ id: res.body.data.id, text: res.body.data.text, author, respondedAt });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuMs(server.proc.pid!) - cpu0;
    const mainCpu = mainThreadCpuMs(server.proc.pid!) - main0;
    const benchCpu = cpuMs(process.pid) - bench0;
    const dbCpu = db0 ? cpuSince(db0, postgresCpuMs()) : null;
    took.sort((a, b) => a - b);

    const result: Record<string, any> = {
      store,
      scenario: withStreams ? 'streams' : 'plain',
      posts: sent.length,
      failures,
      postsPerSecond: Math.round(sent.length / seconds),
      serverCpuUsPerPost: Math.round((cpu * 1000) / sent.length),
      serverCpuPercent: Math.round((cpu / 10 / seconds) * 1) / 1,
      mainThreadUsPerPost: Math.round((mainCpu * 1000) / sent.length),
      // How busy the event loop was: near 100 % it is the bound, whatever room the other core has.
      mainThreadPercent: Math.round(mainCpu / 10 / seconds),
      // The load generator's own CPU (16 clients, and under streams the 10 readers and the webhook
      // receiver): on two cores it is what the server does not get.
      benchCpuUsPerPost: Math.round((benchCpu * 1000) / sent.length),
      // PostgreSQL's own CPU (every local process named postgres; 0 when the database is elsewhere):
      // on this machine it shares the two cores with the server and the bench.
      ...(dbCpu === null ? {} : { databaseCpuUsPerPost: Math.round((dbCpu * 1000) / sent.length) }),
      createMs: { p50: quantile(took, 0.5), p99: quantile(took, 0.99), max: quantile(took, 1) },
    };

    if (withStreams) {
      const ids = new Set(sent.map((s) => s.id));
      let hooksDue = receiver ? [...ids] : [];
      const hooksDone = () => (hooksDue = hooksDue.filter((id) => !receiver!.received.has(id))).length === 0;
      // The drain: every webhook delivery in, and the streams quiet for a second (a line later than
      // that counts as missed; the last lines may come after the last webhook delivery). The
      // matching below runs only then: while it runs this process reads no socket.
      const drainEnd = performance.now() + DRAIN_MS;
      await until(
        () => (hooksDone() && performance.now() - lastReceipt > 1_000) || performance.now() > drainEnd,
        DRAIN_MS + 5_000,
      );
      const latencies: number[] = [];
      let expected = 0;
      let missed = 0;
      let duplicated = 0;
      let unexpected = 0;
      for (const s of sent) {
        const post: MatchPost = { id: s.id, text: s.text, author: { id: s.author.id, username: s.author.username } };
        const want = new Map(apps.map((a) => [a.id, a.index.match(post).length > 0]));
        for (const conn of conns) {
          const got = conn.receipts.get(s.id) ?? [];
          const should = want.get(conn.app.id)!;
          if (should) expected++;
          if (should && !got.length) missed++;
          if (!should && got.length) unexpected++;
          if (got.length > 1) duplicated += got.length - 1;
          if (got.length) latencies.push(Math.max(0, got[0]! - s.respondedAt));
        }
      }
      latencies.sort((a, b) => a - b);
      const lost = receiver ? [...ids].filter((id) => !receiver.received.has(id)).length : 0;
      Object.assign(result, {
        stream: {
          connections: conns.length,
          closedByServer: conns.filter((k) => k.closedAt !== null).length,
          rules: APPS * RULES_PER_APP,
          expected,
          delivered: latencies.length,
          missed,
          duplicated,
          unexpected,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          max: quantile(latencies, 1),
        },
        webhook: { expected: receiver ? ids.size : 0, lost, requests: receiver?.deliveries ?? 0 },
      });
      for (const conn of conns) conn.req.destroy();
      receiver?.close();
    }
    return result;
  } finally {
    c.close();
    await server.stop();
    if (store === 'postgres' && !process.env.BENCH_KEEP_SCHEMA) await dropSchemas(PG_URL!, schema);
  }
}

// ---- run and print ----

const stores = benchStores(PG_URL);
const scenarios = (process.env.BENCH_SCENARIOS ?? 'plain,streams').split(',');
const results: Record<string, any>[] = [];
for (const store of stores)
  for (const sc of scenarios) {
    const r = await scenario(store, sc === 'streams');
    results.push(r);
    const head = `${String(r.store).padEnd(8)} ${String(r.scenario).padEnd(7)}`;
    let line = `${head} ${r.postsPerSecond} posts/s  ${r.serverCpuUsPerPost} µs server CPU/post (${r.serverCpuPercent}% of a core; event loop ${r.mainThreadUsPerPost} µs, busy ${r.mainThreadPercent}%; this bench ${r.benchCpuUsPerPost} µs${r.databaseCpuUsPerPost === undefined ? '' : `; PostgreSQL ${r.databaseCpuUsPerPost} µs`})  create p50 ${r.createMs.p50} ms p99 ${r.createMs.p99} ms  failures ${r.failures}`;
    if (r.stream)
      line += `\n${' '.repeat(17)}stream p99 ${r.stream.p99} ms (p50 ${r.stream.p50}, max ${r.stream.max}) missed ${r.stream.missed} (connections closed by the server: ${r.stream.closedByServer}) duplicated ${r.stream.duplicated} unexpected ${r.stream.unexpected}; webhook lost ${r.webhook.lost} of ${r.webhook.expected}`;
    console.log(line);
  }
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (a shared machine skews these figures)`,
);
for (const r of results) {
  const verdicts: string[] = [];
  if (r.scenario === 'plain') verdicts.push(`CPU/post ≤ 250 µs: ${r.serverCpuUsPerPost <= 250 ? 'met' : 'missed'}`);
  else
    verdicts.push(
      `≥ 2,000 posts/s: ${r.postsPerSecond >= 2000 ? 'met' : 'missed'}`,
      `stream p99 < 50 ms: ${r.stream.p99 < 50 ? 'met' : 'missed'}`,
      `nothing lost: ${r.stream.missed === 0 && r.webhook.lost === 0 ? 'met' : 'missed'}`,
    );
  console.log(`${r.store} ${r.scenario}: ${verdicts.join('; ')}`);
}
console.log(JSON.stringify({ bench: 'writes', seconds: SECONDS, clients: CLIENTS, loadAverage: loadavg(), results }));
