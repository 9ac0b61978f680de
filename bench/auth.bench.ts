// npm run bench:auth — the server's CPU time per request of one route (GET /2/users/12) with an
// app-only bearer and with OAuth 1.0a user signatures (a fresh nonce, timestamp and signature per
// request: the full verification, nonce check included), in one run against one built Aviary.
// Budgets, in server CPU per request: bearer ≤ 40 µs, OAuth 1.0a ≤ 80 µs. CPU per request (from
// /proc) does not depend on how the machine's cores are shared with the load generator, as
// requests/s does; requests/s are printed for context only.
// Loopback only, bounded: BENCH_ROUNDS (6) rounds of BENCH_SECONDS (2) per scheme, run back to back
// in alternating order; the figure is the median of the rounds.
//
// The load generator does the same work per request for both schemes: each round's Authorization
// headers are made before the round (one per request for OAuth 1.0a, each with its own nonce) and
// picked from a list as requests go out. Signing inside the loop made the client's HMAC cost the
// server ~6 µs of CPU per request on two shared cores (bench/NOTES.md, 2026-11-24).
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { baseString, baseUri, parameterString, percentEncode, signRequest } from '../src/auth/oauth1.signature.js';
import { cpuMs, spawnAviary } from './support/spawn.js';
import { budgetLine, median } from './support/util.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/** Server CPU per request, µs. */
const BUDGET = { bearer: 40, oauth1: 80 };
const CONNECTIONS = 50;
const PATH = '/2/users/12?user.fields=created_at';

type Result = { rps: number; p99: number; non2xx: number; errors: number; cpuUsPerReq: number; clientCpu: number };

const aviary = await spawnAviary(18_090);

/**
 * One load, with the server's CPU time per request (it does not depend on how the cores are shared with the client).
 */
async function load(url: string, opts: Partial<autocannon.Options> = {}): Promise<Result> {
  const c0 = cpuMs(aviary.proc.pid!);
  const own = process.cpuUsage();
  const r = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: DURATION, ...opts });
  const cpuUsPerReq = ((cpuMs(aviary.proc.pid!) - c0) * 1000) / Math.max(1, r.requests.total);
  const used = process.cpuUsage(own);
  // The load generator's share of one core: near 1.0, the client, not the server, sets the pace.
  const clientCpu = (used.user + used.system) / 1e6 / DURATION;
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuUsPerReq, clientCpu };
}
const { app, user } = aviary.creds.demo;
const url = aviary.url + PATH;

/**
 * A client that signs like the SDKs but fast enough not to be the bottleneck on a small machine:
 * the base string is built once around two slots (nonce, timestamp; neither needs encoding), so
 * each request costs one HMAC. Checked against the reference signer below.
 */
function fastSigner(c: { consumerKey: string; consumerSecret: string; token: string; tokenSecret: string }) {
  const u = new URL(url);
  const NONCE = '\u0001';
  const TS = '\u0002';
  const params: [string, string][] = [...new URLSearchParams(u.search)].map(([k, v]) => [k, v]);
  params.push(
    ['oauth_consumer_key', c.consumerKey],
    ['oauth_nonce', NONCE],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', TS],
    ['oauth_token', c.token],
    ['oauth_version', '1.0'],
  );
  const base = baseString('GET', baseUri('http', u.host, u.pathname), parameterString(params));
  // The slots are encoded twice in the base string: once in the parameter string, once around it.
  const [p1, rest] = base.split(percentEncode(percentEncode(NONCE)));
  const [p2, p3] = rest!.split(percentEncode(percentEncode(TS)));
  const key = `${percentEncode(c.consumerSecret)}&${percentEncode(c.tokenSecret)}`;
  const head = `OAuth oauth_consumer_key="${percentEncode(c.consumerKey)}", oauth_nonce="`;
  return (nonce: string, ts: number) => {
    const sig = createHmac('sha1', key)
      .update(p1 + nonce + p2 + ts + p3)
      .digest('base64');
    return `${head}${nonce}", oauth_signature_method="HMAC-SHA1", oauth_timestamp="${ts}", oauth_token="${percentEncode(c.token)}", oauth_version="1.0", oauth_signature="${percentEncode(sig)}"`;
  };
}

const creds = {
  consumerKey: app.consumer_key,
  consumerSecret: app.consumer_secret,
  token: user.access_token,
  tokenSecret: user.access_token_secret,
};
let sign!: ReturnType<typeof fastSigner>;

// autocannon calls setupRequest for every request it sends; both schemes take the next header of a list.
const perRequest = (headers: string[]) => {
  let next = 0;
  return load(url, {
    requests: [
      {
        method: 'GET',
        path: PATH,
        setupRequest: (req: any) => ({
          ...req,
          headers: { ...req.headers, authorization: headers[next++ % headers.length] },
        }),
      },
    ],
  });
};
let counter = 0;
const prefix = randomBytes(8).toString('hex');
/** More headers than a round can send: a second use of one would be a replay (and a 401). */
let perRound = 100_000;
// The bearer list holds one header: picking it costs the client what picking an OAuth one does.
const bearerLoad = () => perRequest([`Bearer ${app.bearer_token}`]);
function oauth1Load() {
  const timestamp = Math.floor(Date.now() / 1000);
  return perRequest(Array.from({ length: perRound }, () => sign(`${prefix}${(counter++).toString(36)}`, timestamp)));
}

const rounds: { bearer: Result; oauth1: Result }[] = [];
try {
  sign = fastSigner(creds);
  const reference = signRequest({ method: 'GET', url, ...creds, nonce: 'abc123', timestamp: 1_700_000_000 });
  if (!reference.includes(/oauth_signature="[^"]+"/.exec(sign('abc123', 1_700_000_000))![0]))
    throw new Error('the fast signer disagrees with signRequest');
  const check = await fetch(url, {
    headers: {
      authorization: signRequest({
        method: 'GET',
        url,
        consumerKey: app.consumer_key,
        consumerSecret: app.consumer_secret,
        token: user.access_token,
        tokenSecret: user.access_token_secret,
        timestamp: Math.floor(Date.now() / 1000),
      }),
    },
  });
  if (check.status !== 200) throw new Error(`a signed request was refused: ${check.status} ${await check.text()}`);

  // Warm-up, discarded: both paths, so neither scheme's first round pays for compiling its code.
  perRound = Math.max(perRound, Math.ceil((await bearerLoad()).rps * DURATION * 1.5));
  await oauth1Load();
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) rounds.push({ bearer: await bearerLoad(), oauth1: await oauth1Load() });
    else {
      const oauth1 = await oauth1Load();
      rounds.push({ bearer: await bearerLoad(), oauth1 });
    }
    const fastest = Math.max(...rounds.map((r) => r.bearer.rps));
    perRound = Math.max(perRound, Math.ceil(fastest * DURATION * 1.5));
  }
} finally {
  await aviary.stop();
}

const bearer = {
  rps: median(rounds.map((r) => r.bearer.rps)),
  cpuUsPerReq: median(rounds.map((r) => r.bearer.cpuUsPerReq)),
};
const oauth1 = {
  rps: median(rounds.map((r) => r.oauth1.rps)),
  cpuUsPerReq: median(rounds.map((r) => r.oauth1.cpuUsPerReq)),
};
console.log(
  JSON.stringify({ bench: 'auth', seconds: DURATION, connections: CONNECTIONS, route: PATH, rounds, bearer, oauth1 }),
);
const describe = (r: Result) =>
  `server ${r.cpuUsPerReq.toFixed(1)} µs CPU/req, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, client ${r.clientCpu.toFixed(2)} cores`;
for (const [i, r] of rounds.entries())
  console.log(`round ${i + 1}  bearer ${describe(r.bearer)} | OAuth 1.0a ${describe(r.oauth1)}`);
const failures = rounds.reduce((n, r) => n + r.bearer.non2xx + r.oauth1.non2xx + r.bearer.errors + r.oauth1.errors, 0);
console.log(
  `median   bearer ${bearer.rps.toFixed(0)} req/s | OAuth 1.0a ${oauth1.rps.toFixed(0)} req/s, each signed afresh | non-2xx or errors: ${failures}`,
);
const what = `server CPU per request, ${PATH}`;
console.log(budgetLine('bearer', bearer.cpuUsPerReq, BUDGET.bearer, 'µs', what));
console.log(budgetLine('OAuth 1.0a', oauth1.cpuUsPerReq, BUDGET.oauth1, 'µs', what));
