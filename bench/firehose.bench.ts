// npm run bench:firehose — the firehose generator at the real firehose's rate (issue #23): the
// built server generates BENCH_RATE (6,000) posts a second for BENCH_SECONDS (30) through the real
// creation path (POST /_aviary/firehose), while 5 firehose consumers and 5 filtered-stream consumers
// read. Each firehose consumer holds 4 of the 20 partitions, so together they read every post once;
// that union is the list of posts made, against which each connection's share is checked (right
// partition, none missed, none twice) and each filtered consumer's receipts are checked with the
// engine's matcher run here on the same rules. Prints the posts/s the generator reached, server CPU
// per post, stream latency (created_at → receipt) and what was missed. SQLite, then PostgreSQL when
// BENCH_DATABASE_URL is set (BENCH_STORES=sqlite|postgres for one). BENCH_KEEP_SCHEMA=1 leaves the
// PostgreSQL schema in place after the run (to EXPLAIN its statements on the data it made; drop it by hand).
import { loadavg } from 'node:os';
import { createRuleIndex, parseQuery, type MatchPost, type RuleIndex } from '../src/engine/index.js';
import { partitionOf } from '../src/modules/stream/index.js';
import { benchStores, dropSchemas, storeFlags } from './support/stores.js';
import { client, freePort, openStream, quantile, type OpenStream } from './support/client.js';
import { cpuMs, mainThreadCpuMs, spawnAviary } from './support/spawn.js';
import { until } from './support/util.js';

const RATE = Number(process.env.BENCH_RATE ?? 6_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const AUTHORS = 16;
const PARTITIONS = 20;
const FIREHOSE_CONSUMERS = 5;
const DRAIN_MS = 60_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? null;
/** Rules over the generator's vocabulary (modules/firehose/firehose.text.ts), one set per filtered consumer. */
const RULE_SETS = [
  ['#APIs', 'streaming client'],
  ['#coffee', 'coffee'],
  ['weather OR tempo', '#news'],
  ['#football', 'jogo'],
  ['#opensource', 'hiring engineers', 'distributed systems'],
];

type Receipt = { id: string; text: string; authorId: string; quoted?: string; lagMs: number };
type Consumer = { name: string; streams: OpenStream[]; got: Map<string, number>; partitions?: number[] };

async function run(store: 'sqlite' | 'postgres') {
  const schema = `bench_firehose_${process.pid}`;
  const server = await spawnAviary(await freePort(), storeFlags(store, PG_URL, schema));
  const c = client(server.url);
  const admin = `Bearer ${server.creds.admin_token}`;
  try {
    const authors = new Map<string, string>();
    for (let i = 0; i < AUTHORS; i++) {
      const u = (await c.request('POST', '/_aviary/users', admin, { username: `fhbench${i}`, name: `F ${i}` })).body
        .data;
      authors.set(u.id, u.username);
    }
    const newApp = async (name: string) =>
      (await c.request('POST', '/_aviary/apps', admin, { name, tier: 'enterprise' })).body.data as {
        id: string;
        bearer_token: string;
      };
    const posts = new Map<string, Receipt>();
    const consumers: Consumer[] = [];
    const fields = 'tweet.fields=author_id,created_at,referenced_tweets';
    for (let k = 0; k < FIREHOSE_CONSUMERS; k++) {
      const app = await newApp(`firehose-bench-${k}`);
      const per = PARTITIONS / FIREHOSE_CONSUMERS;
      const con: Consumer = { name: `firehose ${k}`, streams: [], got: new Map(), partitions: [] };
      for (let p = k * per + 1; p <= (k + 1) * per; p++) {
        con.partitions!.push(p);
        const s = await openStream(
          c,
          `/2/tweets/firehose/stream?partition=${p}&${fields}`,
          app.bearer_token,
          (m, at) => {
            const id = m.data.id as string;
            con.got.set(id, (con.got.get(id) ?? 0) + 1);
            if (partitionOf(id, PARTITIONS) !== p) con.got.set(`wrong partition ${id}`, 1);
            const lagMs = Date.now() - Date.parse(m.data.created_at) - (performance.now() - at);
            const refs = (m.data.referenced_tweets ?? []) as { type: string; id: string }[];
            const quoted = refs.find((r) => r.type === 'quoted')?.id;
            posts.set(id, { id, text: m.data.text, authorId: m.data.author_id, quoted, lagMs });
          },
        );
        con.streams.push(s);
      }
      consumers.push(con);
    }
    const filtered: (Consumer & { index: RuleIndex; lags: number[] })[] = [];
    for (const [k, rules] of RULE_SETS.entries()) {
      const app = await newApp(`filtered-bench-${k}`);
      const added = await c.request('POST', '/2/tweets/search/stream/rules', `Bearer ${app.bearer_token}`, {
        add: rules.map((value) => ({ value })),
      });
      if (added.status !== 201) throw new Error(`rules not added: ${JSON.stringify(added.body)}`);
      const index = createRuleIndex({ product: 'stream' });
      for (const r of added.body.data as { id: string; value: string }[]) {
        const parsed = parseQuery(r.value, { product: 'stream', maxLength: 2048 });
        if (parsed.ok) index.add(r.id, parsed.ast);
      }
      const con = {
        name: `filtered ${k}`,
        streams: [] as OpenStream[],
        got: new Map<string, number>(),
        index,
        lags: [] as number[],
      };
      con.streams.push(
        await openStream(c, `/2/tweets/search/stream?${fields}`, app.bearer_token, (m) => {
          con.got.set(m.data.id, (con.got.get(m.data.id) ?? 0) + 1);
          con.lags.push(Date.now() - Date.parse(m.data.created_at));
        }),
      );
      filtered.push(con);
    }

    const cpu0 = cpuMs(server.proc.pid!);
    const main0 = mainThreadCpuMs(server.proc.pid!);
    const t0 = performance.now();
    const started = await c.request('POST', '/_aviary/firehose', admin, {
      rate: RATE,
      duration: SECONDS,
      user_ids: [...authors.keys()],
    });
    if (started.status !== 202) throw new Error(`firehose not started: ${JSON.stringify(started.body)}`);
    let status: any;
    for (;;) {
      status = (await c.request('GET', '/_aviary/firehose', admin)).body.data;
      if (!status.running) break;
      // Polled often: the run's measured length is late by up to one interval.
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuMs(server.proc.pid!) - cpu0;
    const mainCpu = mainThreadCpuMs(server.proc.pid!) - main0;
    const drainEnd = performance.now() + DRAIN_MS;
    await until(() => posts.size >= status.created || performance.now() > drainEnd, DRAIN_MS + 5_000);
    // Filtered receipts settle shortly after the firehose's.
    await new Promise((r) => setTimeout(r, 2_000));

    const firehoseMissed = status.created - posts.size;
    const wrong = consumers.reduce((n, k) => n + [...k.got.keys()].filter((x) => x.startsWith('wrong')).length, 0);
    const twice = [...consumers, ...filtered].reduce((n, k) => n + [...k.got.values()].filter((v) => v > 1).length, 0);
    let expected = 0;
    let missed = 0;
    let unexpected = 0;
    for (const p of posts.values()) {
      // What the server matches on (posts/posts.match.ts): the text, its hashtags, a quoted post's text.
      const post: MatchPost = {
        id: p.id,
        text: p.text,
        author: { id: p.authorId, username: authors.get(p.authorId)! },
        entities: { hashtags: [...p.text.matchAll(/#(\w+)/g)].map((x) => x[1]!) },
        ...(p.quoted && posts.has(p.quoted) ? { quoted_text: posts.get(p.quoted)!.text } : {}),
      };
      for (const f of filtered) {
        const should = f.index.match(post).length > 0;
        const got = f.got.has(p.id);
        if (should) expected++;
        if (should && !got) missed++;
        if (!should && got) unexpected++;
      }
    }
    const lags = [...posts.values()].map((p) => p.lagMs).sort((a, b) => a - b);
    const flags = filtered.flatMap((f) => f.lags).sort((a, b) => a - b);
    for (const k of [...consumers, ...filtered]) for (const s of k.streams) s.req.destroy();
    return {
      store,
      asked: { rate: RATE, seconds: SECONDS },
      created: status.created,
      failed: status.failed,
      lastError: status.last_error ?? null,
      seconds: Number(seconds.toFixed(1)),
      postsPerSecond: Math.round(status.created / seconds),
      serverCpuUsPerPost: Math.round((cpu * 1000) / Math.max(1, status.created)),
      mainThreadUsPerPost: Math.round((mainCpu * 1000) / Math.max(1, status.created)),
      firehose: {
        consumers: FIREHOSE_CONSUMERS,
        received: posts.size,
        missed: firehoseMissed,
        wrongPartition: wrong,
        p50: quantile(lags, 0.5),
        p99: quantile(lags, 0.99),
      },
      filtered: {
        consumers: filtered.length,
        expected,
        missed,
        unexpected,
        p50: quantile(flags, 0.5),
        p99: quantile(flags, 0.99),
      },
      duplicated: twice,
      closedByServer: [...consumers, ...filtered].flatMap((k) => k.streams).filter((s) => s.closedAt !== null).length,
    };
  } finally {
    c.close();
    await server.stop();
    if (!process.env.BENCH_KEEP_SCHEMA && store === 'postgres') await dropSchemas(PG_URL!, schema);
  }
}

const stores = benchStores(PG_URL);
for (const store of stores) {
  const r = await run(store);
  console.log(
    `${store.padEnd(8)} ${r.created} posts in ${r.seconds} s: ${r.postsPerSecond} posts/s (asked ${RATE}/s for ${SECONDS} s), ${r.serverCpuUsPerPost} µs server CPU/post (event loop ${r.mainThreadUsPerPost}), failed ${r.failed}\n` +
      `         firehose: ${r.firehose.received} read by ${r.firehose.consumers} consumers, missed ${r.firehose.missed}, wrong partition ${r.firehose.wrongPartition}, lag p50 ${r.firehose.p50} ms p99 ${r.firehose.p99} ms\n` +
      `         filtered: ${r.filtered.expected} expected over ${r.filtered.consumers} consumers, missed ${r.filtered.missed}, unexpected ${r.filtered.unexpected}, lag p50 ${r.filtered.p50} ms p99 ${r.filtered.p99} ms; duplicated ${r.duplicated}, connections closed by the server ${r.closedByServer}`,
  );
  console.log(
    `${store}: ${RATE} posts/s sustained for ${SECONDS} s: ${r.postsPerSecond >= RATE * 0.98 ? 'met' : 'missed'}; none missed: ${r.firehose.missed === 0 && r.filtered.missed === 0 && r.firehose.wrongPartition === 0 ? 'met' : 'missed'}`,
  );
  console.log(JSON.stringify({ bench: 'firehose', loadAverage: loadavg(), ...r }));
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (a shared machine skews these figures)`,
);
