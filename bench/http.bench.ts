// npm run bench:http — requests/s of an authenticated trivial route beside a bare node:http server
// returning the same bytes, in one run; plus a bearer-authenticated data route that reads the store;
// start-up time to first answered request and idle RSS. Loopback only, bounded: BENCH_ROUNDS (8)
// rounds of BENCH_SECONDS (2) per server, Aviary and bare back to back in alternating order; the
// ratio reported is the median of the per-round ratios, so load from other processes on the
// machine shifts both sides of a pair alike. Many short rounds rather than a few long ones: a
// small virtual machine's speed drifts by ±20 % over seconds, and a pair taken within 4 s is more
// often measured at one speed. The server's CPU time per request is printed too: it
// does not depend on how the two cores are shared with the load generator. A plain Fastify server
// answering the trivial route's bytes runs in the same rounds: the framework's own share.
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMs, rssMb, spawnAviary, startBare, startFastifyFloor } from './support/spawn.js';
import { median } from './support/util.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

type Result = { rps: number; p99: number; non2xx: number; errors: number; cpuUsPerReq: number };

async function load(proc: ChildProcess, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const c0 = cpuMs(proc.pid!);
  const r = await autocannon({ url, connections: 50, pipelining: 1, duration: DURATION, headers });
  const cpu = cpuMs(proc.pid!) - c0;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuUsPerReq: (cpu * 1000) / Math.max(1, r.requests.total),
  };
}

const aviary = await spawnAviary(18_080);
await new Promise((r) => setTimeout(r, 1000));
const idleRss = rssMb(aviary.proc.pid!);
const admin = { authorization: `Bearer ${aviary.creds.admin_token}` };
const bearer = { authorization: `Bearer ${aviary.creds.demo.app.bearer_token}` };
const clockBody = await (await fetch(`${aviary.url}/_aviary/clock`, { headers: admin })).text();
const userBody = await (await fetch(`${aviary.url}/2/users/12`, { headers: bearer })).text();
const bareClock = await startBare(18_081, clockBody);
const bareUser = await startBare(18_082, userBody);

type Pair = { aviary: Result; bare: Result };
const pairs = { trivial: [] as Pair[], lookup: [] as Pair[] };
const floor: Result[] = [];
try {
  const runs = {
    trivial: {
      aviary: () => load(aviary.proc, `${aviary.url}/_aviary/clock`, admin),
      bare: () => load(bareClock, 'http://127.0.0.1:18081/_aviary/clock'),
    },
    lookup: {
      aviary: () => load(aviary.proc, `${aviary.url}/2/users/12`, bearer),
      bare: () => load(bareUser, 'http://127.0.0.1:18082/2/users/12'),
    },
  };
  for (const r of [runs.trivial, runs.lookup]) {
    await r.aviary();
    await r.bare();
  } // warm-up, discarded
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of ['trivial', 'lookup'] as const) {
      const r = runs[name];
      if (i % 2 === 0) pairs[name].push({ aviary: await r.aviary(), bare: await r.bare() });
      else {
        const b = await r.bare();
        pairs[name].push({ aviary: await r.aviary(), bare: b });
      }
    }
    // A fresh floor server each round, loaded right after it starts as Aviary is: a Node process that
    // has sat idle for a while runs ~25 % slower afterwards (V8's memory reducer, ADR 0013).
    const fastifyClock = await startFastifyFloor(18_083 + 10 * i, '/_aviary/clock', clockBody);
    try {
      await load(fastifyClock, `http://127.0.0.1:${18_083 + 10 * i}/_aviary/clock`); // warm-up, discarded
      floor.push(await load(fastifyClock, `http://127.0.0.1:${18_083 + 10 * i}/_aviary/clock`));
    } finally {
      fastifyClock.kill();
    }
  }
} finally {
  bareClock.kill();
  bareUser.kill();
  await aviary.stop();
}

const summary = (ps: Pair[]) => ({
  rps: median(ps.map((p) => p.aviary.rps)),
  bareRps: median(ps.map((p) => p.bare.rps)),
  ratio: median(ps.map((p) => p.aviary.rps / p.bare.rps)),
  p99: median(ps.map((p) => p.aviary.p99)),
  cpuUsPerReq: median(ps.map((p) => p.aviary.cpuUsPerReq)),
  bareCpuUsPerReq: median(ps.map((p) => p.bare.cpuUsPerReq)),
  failures: ps.reduce((n, p) => n + p.aviary.non2xx + p.aviary.errors + p.bare.non2xx + p.bare.errors, 0),
});
const trivial = summary(pairs.trivial);
const lookup = summary(pairs.lookup);
const fastify = {
  rps: median(floor.map((f) => f.rps)),
  cpuUsPerReq: median(floor.map((f) => f.cpuUsPerReq)),
  ratio: median(floor.map((f, i) => f.rps / pairs.trivial[i]!.bare.rps)),
};
console.log(
  JSON.stringify({
    bench: 'http',
    seconds: DURATION,
    rounds: pairs,
    floor,
    trivial,
    lookup,
    fastify,
    startupMs: aviary.startupMs,
    idleRssMb: idleRss,
  }),
);
pairs.trivial.forEach((p, i) =>
  console.log(
    `round ${i + 1}  trivial ${p.aviary.rps.toFixed(0)} vs bare ${p.bare.rps.toFixed(0)} req/s (ratio ${(p.aviary.rps / p.bare.rps).toFixed(2)}) | lookup ${pairs.lookup[i]!.aviary.rps.toFixed(0)} vs bare ${pairs.lookup[i]!.bare.rps.toFixed(0)} req/s`,
  ),
);
console.log(
  `trivial  GET /_aviary/clock (token auth): ${trivial.rps.toFixed(0)} req/s p99 ${trivial.p99} ms | bare ${trivial.bareRps.toFixed(0)} req/s | ratio ${trivial.ratio.toFixed(2)} (median of rounds; target ≥ 0.80) | server CPU ${trivial.cpuUsPerReq.toFixed(1)} µs/req vs bare ${trivial.bareCpuUsPerReq.toFixed(1)}`,
);
console.log(
  `fastify  plain Fastify 5, same bytes, no auth: ${fastify.rps.toFixed(0)} req/s | ratio to bare ${fastify.ratio.toFixed(2)} | server CPU ${fastify.cpuUsPerReq.toFixed(1)} µs/req (the framework's floor)`,
);
console.log(
  `lookup   GET /2/users/12 (bearer, store read): ${lookup.rps.toFixed(0)} req/s p99 ${lookup.p99} ms | bare ${lookup.bareRps.toFixed(0)} req/s | ratio ${lookup.ratio.toFixed(2)} | server CPU ${lookup.cpuUsPerReq.toFixed(1)} µs/req vs bare ${lookup.bareCpuUsPerReq.toFixed(1)}`,
);
console.log(
  `startup  ${aviary.startupMs.toFixed(0)} ms to first answered request on an empty store (demo dataset seeded; target < 1500)`,
);
console.log(`idle     RSS ${idleRss.toFixed(0)} MB, 1 s after start (target < 150)`);
if (trivial.failures + lookup.failures) console.log(`non-2xx or errors: ${trivial.failures + lookup.failures}`);
