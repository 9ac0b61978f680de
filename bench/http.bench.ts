// npm run bench:http — requests/s of an authenticated trivial route beside a bare node:http server
// returning the same bytes, in one run; plus a bearer-authenticated data route that reads the store;
// start-up time to first answered request and idle RSS. Loopback only, bounded (BENCH_SECONDS each).
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { rssMb, spawnAviary } from './support/spawn.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 50, pipelining: 1, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function bare(port: number, body: string) {
  const proc = fork('bench/support/bare.mjs', [String(port), body]);
  await new Promise((r) => proc.once('message', r));
  return proc;
}

const aviary = await spawnAviary(18_080);
await new Promise((r) => setTimeout(r, 1000));
const idleRss = rssMb(aviary.proc.pid!);
const admin = { authorization: `Bearer ${aviary.creds.admin_token}` };
const bearer = { authorization: `Bearer ${aviary.creds.demo.app.bearer_token}` };
const clockBody = await (await fetch(`${aviary.url}/_aviary/clock`, { headers: admin })).text();
const userBody = await (await fetch(`${aviary.url}/2/users/12`, { headers: bearer })).text();

await load(`${aviary.url}/_aviary/clock`, admin); // warm-up, discarded
const trivial = await load(`${aviary.url}/_aviary/clock`, admin);
const lookup = await load(`${aviary.url}/2/users/12`, bearer);
const bareClock = await bare(18_081, clockBody);
const b1 = await load('http://127.0.0.1:18081/_aviary/clock');
bareClock.kill();
const bareUser = await bare(18_082, userBody);
const b2 = await load('http://127.0.0.1:18082/2/users/12');
bareUser.kill();
await aviary.stop();

console.log(JSON.stringify({ bench: 'http', seconds: DURATION, trivial, bareTrivial: b1, lookup, bareLookup: b2, startupMs: aviary.startupMs, idleRssMb: idleRss }));
console.log(`trivial  GET /_aviary/clock (token auth): ${trivial.rps.toFixed(0)} req/s p99 ${trivial.p99} ms | bare ${b1.rps.toFixed(0)} req/s | ratio ${(trivial.rps / b1.rps).toFixed(2)} (target ≥ 0.80)`);
console.log(`lookup   GET /2/users/12 (bearer, store read): ${lookup.rps.toFixed(0)} req/s p99 ${lookup.p99} ms | bare ${b2.rps.toFixed(0)} req/s | ratio ${(lookup.rps / b2.rps).toFixed(2)}`);
console.log(`startup  ${aviary.startupMs.toFixed(0)} ms to first answered request on an empty store (target < 1500)`);
console.log(`idle     RSS ${idleRss.toFixed(0)} MB (target < 150)`);
