// npm run bench:lookup — post lookups on a store of BENCH_POSTS posts (default 1,000,000):
//   1. `aviary seed --posts N` into a fresh data dir, timed (target < 60 s; the search index drain
//      that follows is printed separately);
//   2. GET /2/tweets/:id with a bearer token beside a bare node:http server answering the same bytes,
//      in one run (targets: ratio ≥ 0.5, p99 < 10 ms);
//   3. GET /2/tweets?ids=<100>&tweet.fields=created_at,public_metrics,entities&expansions=author_id
//      (target ≥ 3,000 req/s);
//   4. the server's RSS with those posts (target < 500 MB), and its CPU time per request.
// Loopback only, bounded: BENCH_SECONDS per load (default 10), BENCH_ROUNDS rounds (default 2),
// because the machine is shared and one round can be unlucky. Set BENCH_DATA_DIR to reuse a store
// seeded earlier (skips step 1).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuMs, rssMb, spawnAviary, startBare } from './support/spawn.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);

type Load = { rps: number; p99: number; non2xx: number; errors: number; requests: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const r = await autocannon({ url, connections: 50, pipelining: 1, duration: DURATION, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    requests: r.requests.total,
  };
}

function seed(dataDir: string): { seconds: number; indexSeconds: number; wallSeconds: number } {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['bin/aviary.js', 'seed', '--posts', String(POSTS), '--data-dir', dataDir, '--log-level', 'warn'],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { seconds: number; index_seconds: number };
  return { seconds: out.seconds, indexSeconds: out.index_seconds, wallSeconds: (performance.now() - t0) / 1000 };
}

const own = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'aviary-lookup-'));
const seeding = own ? seed(dataDir) : null;
const aviary = await spawnAviary(18_290, [], dataDir);
const bearer = { authorization: `Bearer ${aviary.creds.demo.app.bearer_token}` };
const timeline = (await (
  await fetch(`${aviary.url}/2/users/2244994945/tweets?max_results=100`, { headers: bearer })
).json()) as { data: { id: string }[] };
const ids = timeline.data.map((t) => t.id);
const one = `${aviary.url}/2/tweets/${ids[0]}`;
const many = `${aviary.url}/2/tweets?ids=${ids.join(',')}&tweet.fields=created_at,public_metrics,entities&expansions=author_id`;
const oneBody = await (await fetch(one, { headers: bearer })).text();
const bareOne = await startBare(18_291, oneBody);

await load(one, bearer); // warm-up, discarded
const rounds: { lookup: Load; bareLookup: Load; hundred: Load; cpuMsPerHundred: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const lookup = await load(one, bearer);
  const bareLookup = await load('http://127.0.0.1:18291/');
  const cpu0 = cpuMs(aviary.proc.pid!);
  const hundred = await load(many, bearer);
  const cpuMsPerHundred = (cpuMs(aviary.proc.pid!) - cpu0) / Math.max(1, hundred.requests);
  rounds.push({ lookup, bareLookup, hundred, cpuMsPerHundred });
}
const rss = rssMb(aviary.proc.pid!);
bareOne.kill();
await aviary.stop();
if (own) rmSync(dataDir, { recursive: true, force: true });

console.log(JSON.stringify({ bench: 'lookup', posts: POSTS, seconds: DURATION, seeding, rounds, rssMb: rss }));
if (seeding)
  console.log(
    `seed     ${POSTS.toLocaleString('en')} posts in ${seeding.seconds.toFixed(1)} s (target < 60), then search index drain ${seeding.indexSeconds.toFixed(1)} s`,
  );
rounds.forEach((r, i) => {
  console.log(
    `round ${i + 1}  GET /2/tweets/:id (bearer): ${r.lookup.rps.toFixed(0)} req/s p99 ${r.lookup.p99} ms | bare ${r.bareLookup.rps.toFixed(0)} req/s | ratio ${(r.lookup.rps / r.bareLookup.rps).toFixed(2)} (targets ≥ 0.50, p99 < 10 ms)`,
  );
  console.log(
    `round ${i + 1}  GET /2/tweets?ids=<100>&tweet.fields=created_at,public_metrics,entities&expansions=author_id: ${r.hundred.rps.toFixed(0)} req/s p99 ${r.hundred.p99} ms, server CPU ${r.cpuMsPerHundred.toFixed(3)} ms/request (target ≥ 3,000 req/s)`,
  );
});
console.log(`rss      ${rss.toFixed(0)} MB with ${POSTS.toLocaleString('en')} posts after the loads (target < 500)`);
