// npm run bench:ads — the Ads API at an advertiser's scale (issue #17): one account with 10,000 line
// items (100 campaigns of 100, the per-campaign limit), made through the batch endpoint 40 at a time,
// then walked in list pages of 1,000 sorted by bid. Prints p50/p99 latency of each against its budget
// (batch of 40 creates p99 < 50 ms; page of 1,000 with a sort p99 < 30 ms) and the server's CPU per
// request. Loopback only, one client at a time (latency, not throughput), bounded: BENCH_LINE_ITEMS
// (10,000) and BENCH_WALKS full list walks (5).
import { adsClient, pct } from './support/ads-client.js';
import { cpuMs, spawnAviary } from './support/spawn.js';
import { budgetLine } from './support/util.js';

const LINE_ITEMS = Number(process.env.BENCH_LINE_ITEMS ?? 10_000);
const WALKS = Number(process.env.BENCH_WALKS ?? 5);
const PER_CAMPAIGN = 100;
const BATCH = 40;

const aviary = await spawnAviary(18_390);
const { demo, control, ads, adsBytes } = adsClient(aviary.url, aviary.creds);

const account = await control('POST', '/_aviary/ads/accounts', { user_id: demo.user.id, name: 'bench' });
const fi = await control('POST', `/_aviary/ads/accounts/${account.id}/funding_instruments`, {
  type: 'CREDIT_CARD',
  currency: 'USD',
  start_time: new Date().toISOString(),
});
const campaigns: string[] = [];
for (let i = 0; i < Math.ceil(LINE_ITEMS / PER_CAMPAIGN); i++) {
  const q = new URLSearchParams({ name: `campaign ${i}`, funding_instrument_id: fi.id, entity_status: 'PAUSED' });
  campaigns.push((await ads('POST', `accounts/${account.id}/campaigns`, q.toString())).body.data.id);
}

// Batches of 40 creates.
const batchMs: number[] = [];
let cpu0 = cpuMs(aviary.proc.pid!);
for (let made = 0; made < LINE_ITEMS; made += BATCH) {
  const ops = Array.from({ length: Math.min(BATCH, LINE_ITEMS - made) }, (_, k) => ({
    operation_type: 'Create',
    params: {
      campaign_id: campaigns[Math.floor((made + k) / PER_CAMPAIGN)],
      name: `line item ${made + k}`,
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      bid_amount_local_micro: 1_000_000 + (((made + k) * 7919) % 5_000_000),
      entity_status: 'PAUSED',
    },
  }));
  batchMs.push((await ads('POST', `batch/accounts/${account.id}/line_items`, '', ops)).ms);
}
const batchCpu = (cpuMs(aviary.proc.pid!) - cpu0) / batchMs.length;

// Full walks in pages of 1,000, sorted by bid.
const pageMs: number[] = [];
cpu0 = cpuMs(aviary.proc.pid!);
let seen = 0;
for (let w = 0; w < WALKS; w++) {
  let cursor: string | null = null;
  seen = 0;
  do {
    const q = new URLSearchParams({ count: '1000', sort_by: 'bid_amount_local_micro-desc' });
    if (cursor) q.set('cursor', cursor);
    const page = await (process.env.BENCH_FETCH ? ads : adsBytes)(
      'GET',
      `accounts/${account.id}/line_items`,
      q.toString(),
    );
    pageMs.push(page.ms);
    seen += page.body.data.length;
    cursor = page.body.next_cursor;
  } while (cursor);
}
const pageCpu = (cpuMs(aviary.proc.pid!) - cpu0) / pageMs.length;
await aviary.stop();

console.log(`line items: ${LINE_ITEMS} in ${campaigns.length} campaigns; each walk saw ${seen}`);
console.log(
  budgetLine(
    'batch p99',
    pct(batchMs, 0.99),
    50,
    'ms',
    `a batch of ${BATCH} creates (p50 ${pct(batchMs, 0.5).toFixed(1)} ms)`,
  ),
);
console.log(`           server CPU ${batchCpu.toFixed(1)} ms per batch (${batchMs.length} batches)`);
console.log(
  budgetLine(
    'page p99',
    pct(pageMs, 0.99),
    30,
    'ms',
    `a page of 1,000 sorted by bid (p50 ${pct(pageMs, 0.5).toFixed(1)} ms)`,
  ),
);
console.log(
  `           p90 ${pct(pageMs, 0.9).toFixed(1)} ms, max ${Math.max(...pageMs).toFixed(1)} ms; first page of each walk ${pageMs
    .filter((_, i) => i % 10 === 0)
    .map((x) => x.toFixed(1))
    .join(', ')} ms`,
);
console.log(`           server CPU ${pageCpu.toFixed(1)} ms per page (${pageMs.length} pages)`);
