// Product batch upserts (issue #19 Checks: "a 25-product upsert p99 < 40 ms"). Run with
// `npm run build && node --import tsx bench/ads-products.bench.ts`. One catalog for the demo user;
// BENCH_UPSERTS (400) PUTs of 25 products (the Limits' batch size), every product passing every
// field rule: the first rounds create products, later ones update them with a new price (and one
// round in eight re-sends unchanged products: NO_CHANGE), over a catalog of BENCH_CATALOG (2,000)
// products. Prints p50/p99 latency against the budget and the server's CPU per upsert. Loopback
// only, one client at a time (latency, not throughput), bounded by the two figures.
import { adsClient, pct } from './support/ads-client.js';
import { cpuMs, spawnAviary } from './support/spawn.js';
import { budgetLine } from './support/util.js';

const UPSERTS = Number(process.env.BENCH_UPSERTS ?? 400);
const CATALOG = Number(process.env.BENCH_CATALOG ?? 2_000);
const BATCH = 25;

const aviary = await spawnAviary(18_424);
const { ads } = adsClient(aviary.url, aviary.creds);

function product(n: number, cents: number) {
  return {
    id: `sku-${n}`,
    title: `Product ${n}`,
    description: `Product number ${n}, in plain text.`,
    availability: 'in stock',
    condition: 'new',
    price: `${(cents / 100).toFixed(2)} USD`,
    sale_price: `${((cents - 100) / 100).toFixed(2)} USD`,
    sale_price_effective_date: '2030-01-01T00:00+00:00/2030-01-31T00:00+00:00',
    link: `https://shop.example/p/${n}`,
    mobile_link: `https://m.shop.example/p/${n}`,
    image_link: `https://shop.example/img/${n}.jpg`,
    additional_image_link: `https://shop.example/img/${n}-2.png,https://shop.example/img/${n}-3.webp`,
    brand: 'Aviary',
    inventory: 1 + (n % 50),
    product_type: 'Apparel & Accessories > Clothing',
    gender: 'unisex',
    age_group: 'adult',
    custom_label_0: `label ${n % 7}`,
  };
}

const catalog = (await ads('POST', 'product_catalogs', 'name=bench')).body.data.id as string;
const path = `product_catalogs/${catalog}/products`;
const WARM_UP = 20;
const rounds = CATALOG / BATCH;
const ms: number[] = [];
const statuses: Record<string, number> = {};
// Warm-up, not measured: a server's first requests compile and prepare what later ones reuse (the
// first five of a cold server took 56–132 ms here, every later one under 15 ms).
// One catalog per user, so the warm-up writes 25 products of its own beside the measured ones.
let coldMs = 0;
for (let i = 0; i < WARM_UP; i++) {
  const products = Array.from({ length: BATCH }, (_, k) => product(CATALOG + k, 2_000 + i));
  const res = await ads('PUT', path, '', { products });
  if (i === 0) coldMs = res.ms;
}
const cpu0 = cpuMs(aviary.proc.pid!);
for (let i = 0; i < UPSERTS; i++) {
  const first = (i % rounds) * BATCH;
  const same = i >= rounds && i % 8 === 0;
  const cents = 2_000 + (same ? Math.floor(i / rounds) - 1 : Math.floor(i / rounds)) * 10;
  const products = Array.from({ length: BATCH }, (_, k) => product(first + k, same ? cents : cents + (i % 8)));
  const res = await ads('PUT', path, '', { products });
  ms.push(res.ms);
  for (const r of res.body.data.products_response) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
}
const cpu = (cpuMs(aviary.proc.pid!) - cpu0) / ms.length;
await aviary.stop();

console.log(
  `products: ${UPSERTS} upserts of ${BATCH} over a catalog of ${CATALOG}; results ${JSON.stringify(statuses)}`,
);
console.log(
  budgetLine('upsert p99', pct(ms, 0.99), 40, 'ms', `a PUT of ${BATCH} products (p50 ${pct(ms, 0.5).toFixed(1)} ms)`),
);
console.log(
  `           p90 ${pct(ms, 0.9).toFixed(1)} ms, p95 ${pct(ms, 0.95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`,
);
console.log(`           server CPU ${cpu.toFixed(1)} ms per upsert (${ms.length} upserts)`);
console.log(`           the cold server's first upsert (warm-up, not counted): ${coldMs.toFixed(1)} ms`);
const slowest = ms
  .map((x, i) => [x, i] as const)
  .sort((a, b) => b[0] - a[0])
  .slice(0, 5);
console.log(`           slowest: ${slowest.map(([x, i]) => `#${i} ${x.toFixed(1)} ms`).join(', ')}`);
