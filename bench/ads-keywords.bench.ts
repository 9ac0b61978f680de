// Keyword insights (Ads API `GET /12/insights/keywords/search`, issue #19) over the 1,000,000-post
// dataset of bench:search (the demo generator, spread over the last 7 days): 7 days by HOUR, p50/p99
// per request against the budget (p99 < 300 ms), several keyword shapes in turn.
// Run: node --import tsx bench/ads-keywords.bench.ts [--posts N] [--data-dir DIR] [--requests R]
//   --posts      posts to seed (default 1,000,000); --data-dir keeps and reuses the store (the same
//                layout as bench:search, so a store seeded by either serves both)
//   --requests   requests in all (default 100), sequential, keep-alive, on 127.0.0.1 only
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signRequest } from '../src/auth/index.js';
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { drainIndex } from '../src/modules/search/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { createClock } from '../src/shared/clock.js';
import { budgetLine } from './support/util.js';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const POSTS = Number(flag('posts', '1000000'));
const REQUESTS = Number(flag('requests', '100'));
const keep = flag('data-dir', '');
const dataDir = keep || mkdtempSync(join(tmpdir(), 'aviary-bench-keywords-'));
const DAY = 86_400_000;

/** Keyword shapes over the demo vocabulary (src/seed/words.ts), each request the next one. */
const SHAPES: Record<string, string>[] = [
  { keywords: 'coffee' },
  { keywords: 'music,travel' },
  { keywords: 'python', negative_keywords: 'javascript' },
  { keywords: 'weather,concert,bitcoin', negative_keywords: 'london' },
  { keywords: 'movie', location: '6068bbe9db8907da' },
];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const reuse = keep !== '' && existsSync(join(dataDir, 'aviary.db'));
const clock = createClock();
const config = buildConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', banner: false, seedDemo: false });
const aviary = await startAviary(config, { clock });
try {
  const t0 = performance.now();
  const creds = await seedDemo(aviary.deps, { posts: POSTS });
  if (!reuse)
    console.log(`seeded ${POSTS.toLocaleString()} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await drainIndex(aviary.deps);
  const stats = await aviary.deps.runtime.searchIndex.reads.get<{ docs: number; newest: number }>(
    'SELECT COUNT(*) AS docs, MAX(created_at) AS newest FROM search_docs',
  );
  // Stand the clock just after the newest post: the 7-day window then holds the whole dataset.
  const now = Number(stats?.newest) + 60_000;
  clock.setVirtual(now);
  const start = new Date(now - 7 * DAY).toISOString().slice(0, 19) + 'Z';

  async function call(params: Record<string, string>): Promise<{ ms: number; volume: number }> {
    const url = `${aviary.url}/12/insights/keywords/search?${new URLSearchParams({ granularity: 'HOUR', start_time: start, ...params })}`;
    const authorization = signRequest({
      method: 'GET',
      url,
      consumerKey: creds.app.consumer_key,
      consumerSecret: creds.app.consumer_secret,
      token: creds.user.access_token,
      tokenSecret: creds.user.access_token_secret,
      timestamp: Math.floor(clock.now() / 1000),
    });
    const t = performance.now();
    const res = await fetch(url, { headers: { authorization } });
    const body = (await res.json()) as { data?: { tweet_volume: number[]; related_keywords: string[] } };
    const ms = performance.now() - t;
    if (res.status !== 200 || body.data?.related_keywords.length !== 30)
      throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    return { ms, volume: body.data.tweet_volume.reduce((a, b) => a + b, 0) };
  }

  console.log(
    `${Number(stats?.docs).toLocaleString()} posts indexed; ${cpus().length} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  for (const shape of SHAPES) {
    const r = await call(shape); // warm-up, and the figure each shape counts
    console.log(`  ${JSON.stringify(shape).padEnd(72)} ${r.volume.toLocaleString().padStart(9)} posts`);
  }
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) ms.push((await call(SHAPES[i % SHAPES.length]!)).ms);
  SHAPES.forEach((shape, k) => {
    const mine = ms.filter((_, i) => i % SHAPES.length === k);
    console.log(
      `  p50 ${pct(mine, 0.5).toFixed(1).padStart(7)} ms  max ${Math.max(...mine)
        .toFixed(1)
        .padStart(7)} ms  ${JSON.stringify(shape)}`,
    );
  });
  console.log(
    budgetLine(
      'kw p99',
      pct(ms, 0.99),
      300,
      'ms',
      `keyword insights, 7 days by HOUR (p50 ${pct(ms, 0.5).toFixed(1)} ms, ${REQUESTS} requests)`,
    ),
  );
} finally {
  await aviary.close();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
