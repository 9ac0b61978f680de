// node --import tsx bench/writes-inproc.ts [posts] — the write path's CPU per post without sockets:
// Aviary started in this process, `posts` (4,000) posts created by 16 concurrent callers through
// Fastify's inject (POST /_aviary/posts), this process's CPU time (user + system) divided by the
// posts. The loopback sockets and the load generator of bench:writes are out of the figure, which
// makes before/after comparisons steadier on a shared machine. SQLite, then PostgreSQL when
// BENCH_DATABASE_URL is set.
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { benchStore } from './support/stores.js';

const POSTS = Number(process.argv[2] ?? 4_000);
const CALLERS = 16;
const PG_URL = process.env.BENCH_DATABASE_URL ?? null;

async function measure(store: 'sqlite' | 'postgres') {
  const where = benchStore(store, PG_URL, 'inproc');
  const aviary = await startAviary(
    buildConfig({
      port: 0,
      host: '127.0.0.1',
      ...where.config,
      logLevel: 'silent',
      banner: false,
      seedDemo: false,
    }),
  );
  const headers = { authorization: `Bearer ${aviary.adminToken}`, 'content-type': 'application/json' };
  const post = async (payload: unknown) => {
    const r = await aviary.app.inject({
      method: 'POST',
      url: '/_aviary/posts',
      headers,
      payload: JSON.stringify(payload),
    });
    if (r.statusCode >= 300) throw new Error(r.body);
    return r.json();
  };
  const authors: string[] = [];
  for (let i = 0; i < CALLERS; i++)
    authors.push(
      (
        await aviary.app.inject({
          method: 'POST',
          url: '/_aviary/users',
          headers,
          payload: JSON.stringify({ username: `inproc${i}`, name: 'I' }),
        })
      ).json().data.id,
    );
  for (let i = 0; i < 300; i++) await post({ author_id: authors[i % CALLERS], text: `warm up ${i}` });
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    authors.map(async (a) => {
      while (n < POSTS) await post({ author_id: a, text: `post number ${n++} about #things and @inproc1 today` });
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${store.padEnd(8)} ${POSTS} posts in ${seconds.toFixed(1)} s (${Math.round(POSTS / seconds)} posts/s), ${Math.round((cpu.user + cpu.system) / POSTS)} µs CPU a post (the background work of the same posts included as far as it ran)`,
  );
  await aviary.close();
  await where.remove();
}

await measure('sqlite');
if (PG_URL) await measure('postgres');
