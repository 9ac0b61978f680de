// npm run bench:http — the server's CPU time per request of the trivial control route
// (GET /_aviary/clock, admin token); beside it, for context, a bearer-authenticated data route that
// reads the store, a bare node:http server and a plain Fastify server answering the trivial route's
// bytes (the floor below which no Fastify route goes); start-up time to first answered request and
// idle RSS. Budgets: the trivial route ≤ 25 µs of server CPU per request, start-up < 1500 ms, idle
// RSS < 150 MB. CPU per request (from /proc) does not depend on how the machine's two cores are
// shared with the load generator, as requests/s does; requests/s are printed for context only.
// Loopback only, bounded: BENCH_ROUNDS (8) rounds of BENCH_SECONDS (2) per server, Aviary and bare
// back to back in alternating order; each figure is the median of the rounds. Rate limiting (src/limits,
// ADR 0019): the lookup runs with `--rate-limits real` (its endpoint's limit raised through the control
// API so that no request is refused, every counter still counted) and again on a second Aviary started
// with `--rate-limits off --journal-size 0`; the difference is what rate limiting and the request journal
// together cost a bearer lookup (issue #20: budget ≤ 5 µs), taken with both servers loaded at once at
// one fixed rate, BENCH_SIDE_ROUNDS (30) rounds of BENCH_SIDE_SECONDS (2), the median of the differences.
// BENCH_AVIARY_FLAGS adds start flags to both. BENCH_SERVER_CPUS=1 with the bench under `taskset -c 0`
// puts the servers on core 1 and the load generator on core 0 (bench/NOTES.md "limits-journal, third pass").
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuMs, rssMb, spawnAviary, startBare, startFastifyFloor } from './support/spawn.js';
import { budgetLine, median } from './support/util.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SIDE_RATE = Number(process.env.BENCH_SIDE_RATE ?? 3000);
/**
 * Side-by-side rounds, after the others: one round's difference moves by ±10 µs on this VM, so the
 * median takes many short ones (30 rounds put its standard error near 2 µs; bench/NOTES.md).
 */
const SIDE_ROUNDS = Number(process.env.BENCH_SIDE_ROUNDS ?? 30);
const SIDE_SECONDS = Number(process.env.BENCH_SIDE_SECONDS ?? 2);
const BUDGET = { trivialCpuUs: 25, startupMs: 1500, idleRssMb: 150, rateLimitCpuUs: 5 };

type Result = { rps: number; p99: number; non2xx: number; errors: number; cpuUsPerReq: number };

type Target = { proc: ChildProcess; url: string; headers: Record<string, string> };

/** Loads one server (50 connections, as fast as it answers, unless `opts` says otherwise). */
async function load(
  proc: ChildProcess,
  url: string,
  headers: Record<string, string> = {},
  opts: { connections?: number; overallRate?: number; seconds?: number } = {},
): Promise<Result> {
  const c0 = cpuMs(proc.pid!);
  const r = await autocannon({
    url,
    connections: opts.connections ?? 50,
    pipelining: 1,
    duration: opts.seconds ?? DURATION,
    headers,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  });
  const cpu = cpuMs(proc.pid!) - c0;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuUsPerReq: (cpu * 1000) / Math.max(1, r.requests.total),
  };
}

/**
 * Loads two servers at the same time, each at the same fixed rate (BENCH_SIDE_RATE requests/s, well
 * below what either can answer): both see the same machine (neighbours, CPU frequency) for the same
 * seconds and the same arrival pattern, so the difference of their CPU per request holds steady where
 * two runs back to back, or two closed loops (the slower server then gets fewer requests, batched
 * less), differ by more than what is measured (bench/NOTES.md "limits-journal").
 */
const loadSideBySide = (a: Target, b: Target): Promise<[Result, Result]> =>
  Promise.all([
    load(a.proc, a.url, a.headers, { connections: 20, overallRate: SIDE_RATE, seconds: SIDE_SECONDS }),
    load(b.proc, b.url, b.headers, { connections: 20, overallRate: SIDE_RATE, seconds: SIDE_SECONDS }),
  ]);

const extra = process.env.BENCH_AVIARY_FLAGS?.split(' ').filter(Boolean) ?? [];
const aviary = await spawnAviary(18_080, ['--rate-limits', 'real', ...extra]);
const aviaryOff = await spawnAviary(18_079, ['--rate-limits', 'off', '--journal-size', '0', ...extra]);
await new Promise((r) => setTimeout(r, 1000));
const idleRss = rssMb(aviary.proc.pid!);
const admin = { authorization: `Bearer ${aviary.creds.admin_token}` };
const bearer = { authorization: `Bearer ${aviary.creds.demo.app.bearer_token}` };
const raised = await fetch(`${aviary.url}/_aviary/rate-limits`, {
  method: 'PUT',
  headers: { ...admin, 'content-type': 'application/json' },
  body: JSON.stringify({
    endpoint: 'GET /2/users/:id',
    limits: { app: { limit: 1_000_000_000, window_seconds: 900 } },
  }),
});
if (raised.status !== 200) throw new Error(`raising the lookup's limit failed: ${await raised.text()}`);
const bearerOff = { authorization: `Bearer ${aviaryOff.creds.demo.app.bearer_token}` };
const clockBody = await (await fetch(`${aviary.url}/_aviary/clock`, { headers: admin })).text();
const userBody = await (await fetch(`${aviary.url}/2/users/12`, { headers: bearer })).text();
const bareClock = await startBare(18_081, clockBody);
const bareUser = await startBare(18_082, userBody);

type Pair = { aviary: Result; bare: Result };
const pairs = { trivial: [] as Pair[], lookup: [] as Pair[], lookupOff: [] as Pair[] };
/** Per round, the lookup on both servers at once: [limits and journal on, off]. */
const sideBySide: [Result, Result][] = [];
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
    lookupOff: {
      aviary: () => load(aviaryOff.proc, `${aviaryOff.url}/2/users/12`, bearerOff),
      bare: () => load(bareUser, 'http://127.0.0.1:18082/2/users/12'),
    },
  };
  for (const r of [runs.trivial, runs.lookup, runs.lookupOff]) {
    await r.aviary();
    await r.bare();
  } // warm-up, discarded
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of ['trivial', 'lookup', 'lookupOff'] as const) {
      const r = runs[name];
      if (i % 2 === 0) pairs[name].push({ aviary: await r.aviary(), bare: await r.bare() });
      else {
        const b = await r.bare();
        pairs[name].push({ aviary: await r.aviary(), bare: b });
      }
    }
    // A fresh floor server each round, loaded right after it starts as Aviary is: a Node process that
    // has sat idle for a while runs ~25 % slower afterwards (V8's memory reducer; bench/NOTES.md).
    const fastifyClock = await startFastifyFloor(18_083 + 10 * i, '/_aviary/clock', clockBody);
    try {
      await load(fastifyClock, `http://127.0.0.1:${18_083 + 10 * i}/_aviary/clock`); // warm-up, discarded
      floor.push(await load(fastifyClock, `http://127.0.0.1:${18_083 + 10 * i}/_aviary/clock`));
    } finally {
      fastifyClock.kill();
    }
  }
  const on = { proc: aviary.proc, url: `${aviary.url}/2/users/12`, headers: bearer };
  const off = { proc: aviaryOff.proc, url: `${aviaryOff.url}/2/users/12`, headers: bearerOff };
  for (let i = 0; i < SIDE_ROUNDS; i++) sideBySide.push(await loadSideBySide(on, off));
} finally {
  bareClock.kill();
  bareUser.kill();
  await aviary.stop();
  await aviaryOff.stop();
}

const summary = (ps: Pair[]) => ({
  rps: median(ps.map((p) => p.aviary.rps)),
  bareRps: median(ps.map((p) => p.bare.rps)),
  p99: median(ps.map((p) => p.aviary.p99)),
  cpuUsPerReq: median(ps.map((p) => p.aviary.cpuUsPerReq)),
  bareCpuUsPerReq: median(ps.map((p) => p.bare.cpuUsPerReq)),
  failures: ps.reduce((n, p) => n + p.aviary.non2xx + p.aviary.errors + p.bare.non2xx + p.bare.errors, 0),
});
const trivial = summary(pairs.trivial);
const lookup = summary(pairs.lookup);
const lookupOff = summary(pairs.lookupOff);
// Per round, the two servers loaded at the same time: the median of the differences. (Back to back,
// the same difference moved by ±5 µs from round to round on this machine: bench/NOTES.md.)
const rateLimitUs = median(sideBySide.map(([on, off]) => on.cpuUsPerReq - off.cpuUsPerReq));
const backToBackUs = median(pairs.lookup.map((p, i) => p.aviary.cpuUsPerReq - pairs.lookupOff[i]!.aviary.cpuUsPerReq));
const fastify = {
  rps: median(floor.map((f) => f.rps)),
  cpuUsPerReq: median(floor.map((f) => f.cpuUsPerReq)),
};
console.log(
  JSON.stringify({
    bench: 'http',
    seconds: DURATION,
    rounds: pairs,
    floor,
    trivial,
    lookup,
    lookupOff,
    sideBySide,
    rateLimitUs,
    backToBackUs,
    fastify,
    startupMs: aviary.startupMs,
    idleRssMb: idleRss,
  }),
);
const cpu = (r: Result) => `${r.cpuUsPerReq.toFixed(1)} µs CPU/req`;
pairs.trivial.forEach((p, i) =>
  console.log(
    `round ${i + 1}  trivial ${cpu(p.aviary)} (bare ${cpu(p.bare)}, Fastify ${cpu(floor[i]!)}) | lookup ${cpu(pairs.lookup[i]!.aviary)} (bare ${cpu(pairs.lookup[i]!.bare)})`,
  ),
);
console.log(
  `trivial  GET /_aviary/clock (token auth): ${trivial.rps.toFixed(0)} req/s p99 ${trivial.p99} ms | bare node:http ${trivial.bareCpuUsPerReq.toFixed(1)} µs CPU/req, ${trivial.bareRps.toFixed(0)} req/s`,
);
console.log(
  `fastify  plain Fastify 5, same bytes, no auth: ${fastify.cpuUsPerReq.toFixed(1)} µs CPU/req, ${fastify.rps.toFixed(0)} req/s (the framework's floor)`,
);
console.log(
  `lookup   GET /2/users/12 (bearer, store read): ${lookup.cpuUsPerReq.toFixed(1)} µs CPU/req, ${lookup.rps.toFixed(0)} req/s p99 ${lookup.p99} ms | bare ${lookup.bareCpuUsPerReq.toFixed(1)} µs CPU/req`,
);
console.log(
  `limits   the same lookup with --rate-limits off --journal-size 0: ${lookupOff.cpuUsPerReq.toFixed(1)} µs CPU/req, ${lookupOff.rps.toFixed(0)} req/s`,
);
sideBySide.forEach(([on, off], i) =>
  console.log(
    `round ${i + 1}  side by side: lookup on ${cpu(on)}, off ${cpu(off)}: ${(on.cpuUsPerReq - off.cpuUsPerReq).toFixed(1)} µs`,
  ),
);
{
  // How far the per-round differences spread: the median is only as good as this says.
  const d = sideBySide.map(([on, off]) => on.cpuUsPerReq - off.cpuUsPerReq).sort((a, b) => a - b);
  const q = (f: number) => d[Math.min(d.length - 1, Math.floor(f * d.length))]!.toFixed(1);
  console.log(`limits+journal side by side, ${d.length} rounds: quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)} µs`);
}
console.log(`limits+journal back to back (context): ${backToBackUs.toFixed(1)} µs, on minus off`);
console.log(
  budgetLine(
    'limits+journal',
    rateLimitUs,
    BUDGET.rateLimitCpuUs,
    'µs',
    'server CPU per bearer lookup, on minus off, loaded side by side',
  ),
);
console.log(
  budgetLine('trivial', trivial.cpuUsPerReq, BUDGET.trivialCpuUs, 'µs', 'server CPU per request, GET /_aviary/clock'),
);
console.log(
  budgetLine(
    'startup',
    aviary.startupMs,
    BUDGET.startupMs,
    'ms',
    'to first answered request, empty store, demo seeded',
  ),
);
console.log(budgetLine('idle RSS', idleRss, BUDGET.idleRssMb, 'MB', '1 s after start'));
const failures =
  trivial.failures +
  lookup.failures +
  lookupOff.failures +
  sideBySide.reduce((n, pair) => n + pair.reduce((m, r) => m + r.non2xx + r.errors, 0), 0);
if (failures) console.log(`non-2xx or errors: ${failures}`);
