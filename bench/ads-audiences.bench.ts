// The custom audience users batch at its limits (issue #19): one audience, BENCH_AUDIENCE_BATCHES
// (20) batches of 2,500 Update operations, each body just under 5,000,000 bytes (~62,000 hashed
// emails, new ones every batch, so the audience grows to ~1.2 million members), each parsed, checked
// (every value a 64-hex SHA-256) and stored in one transaction. Prints p50/p99 latency against the
// budget (p99 < 400 ms) and the server's CPU per batch. Loopback only, one request at a time.
// Then the processing the batches left (docs/adr/0025): a GET of the audience applies them before it
// reads the size (its time and CPU printed, and the CPU of batches and processing together per batch),
// and once the virtual clock is past the processing delay the size must be every user sent.
// Part of `npm run bench:ads`.
import { createHash } from 'node:crypto';
import { adsClient, pct } from './support/ads-client.js';
import { cpuMs, spawnAviary } from './support/spawn.js';
import { budgetLine } from './support/util.js';

const BATCHES = Number(process.env.BENCH_AUDIENCE_BATCHES ?? 20);
const OPERATIONS = 2500;
const MAX_BYTES = 5_000_000;

const aviary = await spawnAviary(18_395);
const { demo, control, ads, clock } = adsClient(aviary.url, aviary.creds);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** 2,500 operations of 25 users, less one user of as many operations as it takes to fit in 5,000,000 bytes. */
function batchBody(round: number): { text: string; users: number } {
  const ops = Array.from({ length: OPERATIONS }, (_, o) => ({
    operation_type: 'Update',
    params: { users: Array.from({ length: 25 }, (_, u) => ({ email: [sha256(`${round}-${o}-${u}@example.com`)] })) },
  }));
  // Every user is the same number of bytes, a comma included (all ASCII).
  const perUser = JSON.stringify(ops[0]!.params.users[0]).length + 1;
  let size = JSON.stringify(ops).length;
  for (let o = 0; size > MAX_BYTES; o++, size -= perUser) ops[o]!.params.users.pop();
  const text = JSON.stringify(ops);
  if (text.length !== size) throw new Error(`body size ${text.length} ≠ ${size}`);
  return { text, users: ops.reduce((n, op) => n + op.params.users.length, 0) };
}

const account = await control('POST', '/_aviary/ads/accounts', { user_id: demo.user.id, name: 'audiences bench' });
const audience = (await ads('POST', `accounts/${account.id}/custom_audiences`, 'name=bench')).body.data;
const path = `accounts/${account.id}/custom_audiences/${audience.id}/users`;

const ms: number[] = [];
let cpu = 0;
let bytes = 0;
let users = 0;
for (let b = 0; b < BATCHES; b++) {
  const body = batchBody(b);
  const cpu0 = cpuMs(aviary.proc.pid!);
  const res = await ads('POST', path, '', body.text);
  cpu += cpuMs(aviary.proc.pid!) - cpu0;
  if (res.body.data.success_count !== body.users) throw new Error(`stored ${JSON.stringify(res.body.data)}`);
  ms.push(res.ms);
  bytes = Buffer.byteLength(body.text);
  users += body.users;
}
const cpuP0 = cpuMs(aviary.proc.pid!);
const processed = await ads('GET', `accounts/${account.id}/custom_audiences/${audience.id}`);
const processingCpu = cpuMs(aviary.proc.pid!) - cpuP0;
// Past the processing delay (custom-audiences.rules.ts PROCESSING_MS, 15 minutes): the size is exact.
const ahead = 15 * 60_000 + 1000;
await control('POST', '/_aviary/clock', { advance_ms: ahead });
clock.aheadMs += ahead;
const size = (await ads('GET', `accounts/${account.id}/custom_audiences/${audience.id}`)).body.data.audience_size;
await aviary.stop();
if (size !== users) throw new Error(`audience_size ${size} ≠ ${users} users sent`);

console.log(`custom audience users: ${BATCHES} batches of ${OPERATIONS} operations, ${users} users in all`);
console.log(
  budgetLine(
    'users p99',
    pct(ms, 0.99),
    400,
    'ms',
    `a ${(bytes / 1e6).toFixed(2)} MB batch of ${OPERATIONS} operations (p50 ${pct(ms, 0.5).toFixed(1)} ms)`,
  ),
);
console.log(`           server CPU ${(cpu / ms.length).toFixed(1)} ms per batch (${ms.length} batches)`);
console.log(
  `processing the ${BATCHES} batches (the next GET): ${processed.ms.toFixed(0)} ms, server CPU ${processingCpu.toFixed(0)} ms;` +
    ` batches and processing ${((cpu + processingCpu) / ms.length).toFixed(1)} ms server CPU per batch; audience_size ${size}`,
);
