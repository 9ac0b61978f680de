// Search latency over HTTP on 1,000,000 posts in SQLite: five query shapes, p50/p99 each.
// Run: npm run bench:search [-- --posts N] [-- --data-dir DIR] [-- --requests R]
//   --posts      posts to seed (default 1,000,000; the demo generator, spread over the last 7 days)
//   --data-dir   keep the store there and reuse it on the next run (seeding 1M posts takes minutes)
//   --requests   requests per shape (default 200), sequential, keep-alive, on 127.0.0.1 only
//   --verbose    also each query's p50 and max
// Targets: p50 < 20 ms, p99 < 100 ms per shape (search/recent, default max_results=10).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { drainIndex } from '../src/modules/search/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { createClock } from '../src/shared/clock.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const POSTS = Number(flag('posts', '1000000'));
const REQUESTS = Number(flag('requests', '200'));
const keep = flag('data-dir', '');
const dataDir = keep || mkdtempSync(join(tmpdir(), 'aviary-bench-search-'));

/** Five shapes over the demo vocabulary (src/seed/words.ts); each request picks the next variant. */
const SHAPES: Record<string, string[]> = {
  keyword: ['coffee', 'music', 'python', 'travel', 'weather', 'concert', 'bitcoin', 'movie', 'launch', 'kaffee'],
  phrase: [
    '"race condition"',
    '"new blog post"',
    '"hot take"',
    '"great concert"',
    '"send help"',
    '"the weather in london"',
  ],
  'from:+keyword': [
    'from:XDevelopers coffee',
    'from:jack music',
    'from:XDevelopers travel',
    'from:jack python',
    'from:XDevelopers api',
  ],
  'OR + negation': [
    '(coffee OR café) -berlin',
    '(python OR javascript) -domingos',
    '(#travel OR #music) -madrid',
    '(api OR blog) -neuer',
    '(coffee OR music) -python',
  ],
  'hashtag+lang': ['#coffee lang:es', '#javascript lang:de', '#travel lang:pt', '#music lang:fr', '#python lang:en'],
};

/** Not a target shape, shown for honesty: in this small vocabulary every weather post names London
 * and every bitcoin post $BTC, so the negation empties a whole branch and the index walks all of it. */
const WORST: Record<string, string[]> = {
  'negation empties': ['(travel OR weather) -london', '(bitcoin OR crypto) -btc'],
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function timed(url: string, bearer: string): Promise<{ ms: number; count: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  const body = (await res.json()) as { meta?: { result_count: number } };
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, count: body.meta?.result_count ?? 0 };
}

/** REQUESTS sequential requests cycling through the shape's queries, after one warm-up each. */
async function measure(
  shape: string,
  queries: string[],
  run: (q: string) => Promise<{ ms: number; count: number }>,
): Promise<void> {
  for (const q of queries) await run(q);
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await run(queries[i % queries.length]!);
    ms.push(r.ms);
    hits += r.count;
  }
  if (process.argv.includes('--verbose')) {
    queries.forEach((q, k) => {
      const mine = ms.filter((_, i) => i % queries.length === k).sort((a, b) => a - b);
      console.log(`  ${q.padEnd(34)} p50 ${pct(mine, 50).toFixed(1)}  max ${mine[mine.length - 1]!.toFixed(1)}`);
    });
  }
  ms.sort((a, b) => a - b);
  const cell = (x: number) => x.toFixed(1).padStart(8);
  console.log(
    `${shape.padEnd(18)} ${cell(pct(ms, 50))} ${cell(pct(ms, 99))} ${cell(ms[ms.length - 1]!)} ${(hits / REQUESTS).toFixed(1).padStart(10)}`,
  );
}

async function main(): Promise<void> {
  const reuse = keep !== '' && existsSync(join(dataDir, 'aviary.db'));
  const clock = createClock();
  const config = buildConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logLevel: 'silent',
    banner: false,
    seedDemo: false,
    // Latency, not the limits: 200 requests a shape pass search/recent's 450 a 15-minute window.
    rateLimits: 'off',
  });
  const aviary = await startAviary(config, { clock });
  try {
    const t0 = performance.now();
    // Idempotent: a reused store keeps its dataset and credentials.
    const creds = await seedDemo(aviary.deps, { posts: POSTS });
    console.log(
      reuse
        ? `reusing ${dataDir}`
        : `seeded ${POSTS.toLocaleString()} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s (demo generator, one transaction)`,
    );
    const t1 = performance.now();
    await drainIndex(aviary.deps);
    const stats = await aviary.deps.runtime.searchIndex.reads.get<{ docs: number; newest: number }>(
      'SELECT COUNT(*) AS docs, MAX(created_at) AS newest FROM search_docs',
    );
    console.log(
      `index caught up in ${((performance.now() - t1) / 1000).toFixed(1)} s: ${Number(stats?.docs).toLocaleString()} posts indexed`,
    );
    // Stand the clock just after the newest post, so a reused store's posts are still "recent".
    clock.setVirtual(Number(stats?.newest) + 60_000);
    const run = (query: string) =>
      timed(`${aviary.url}/2/tweets/search/recent?query=${encodeURIComponent(query)}`, creds.app.bearer_token);
    // Latencies are wall-clock on a shared machine: say how busy it was.
    console.log(
      `${cpus().length} CPUs, load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `\n${'shape'.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'hits/page'.padStart(10)}`,
    );
    for (const [shape, queries] of Object.entries(SHAPES)) await measure(shape, queries, run);
    console.log('not a target shape:');
    for (const [shape, queries] of Object.entries(WORST)) await measure(shape, queries, run);
  } finally {
    await aviary.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
