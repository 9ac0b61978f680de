// node --import tsx bench/search-filing.ts [posts] — the search index's filing, alone: CPU of this
// process per post filed (issue #23). Starts Aviary in this process, creates `posts` (5,000) posts
// with the bench's texts, lets the index catch up, then three times empties the index, queues every
// post again and drains it in background-sized batches as the pump does, timing each drain. On SQLite
// the filing runs in the side file's writer thread (in this process's CPU); PostgreSQL runs too when
// BENCH_DATABASE_URL is set.
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { drainIndex } from '../src/modules/search/search.indexer.js';
import { searchRepo } from '../src/modules/search/search.repo.js';
import { cpuSince, postgresCpuMs } from './support/spawn.js';
import { benchStore } from './support/stores.js';
import { zipfTexts } from './support/zipf-text.js';

const POSTS = Number(process.argv[2] ?? 5_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? null;

async function measure(store: 'sqlite' | 'postgres') {
  const where = benchStore(store, PG_URL, 'filing');
  const aviary = await startAviary(
    buildConfig({ port: 0, host: '127.0.0.1', ...where.config, logLevel: 'silent', banner: false, seedDemo: false }),
  );
  const { deps } = aviary;
  const headers = { authorization: `Bearer ${aviary.adminToken}`, 'content-type': 'application/json' };
  const inject = async (url: string, payload: unknown) => {
    const r = await aviary.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
    if (r.statusCode >= 300) throw new Error(r.body);
    return r.json().data;
  };
  const authors: string[] = [];
  for (let i = 0; i < 16; i++) authors.push((await inject('/_aviary/users', { username: `filing${i}`, name: 'F' })).id);
  const { postText } = zipfTexts(20250601);
  let n = 0;
  await Promise.all(
    authors.map(async (a) => {
      while (n < POSTS) await inject('/_aviary/posts', { author_id: a, text: postText(n++) });
    }),
  );
  await drainIndex(deps);
  const index = deps.runtime.searchIndex;
  const queueLength = async () =>
    Number((await deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM search_queue'))!.n);
  for (let round = 0; round < 3; round++) {
    await index.batch(async (ix, st) => {
      await ix.run('DELETE FROM search_postings');
      await ix.run('DELETE FROM search_docs');
      await searchRepo.requeueAll(st);
      return { result: 0 };
    });
    // The server's own pump may take some of the queue first (drainIndex waits for its pass): the
    // posts filed are those queued, and the queue must be empty after.
    const filed = await queueLength();
    const db0 = store === 'postgres' ? postgresCpuMs() : null;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await drainIndex(deps, { background: true });
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    if ((await queueLength()) !== 0) throw new Error('the queue is not empty after the drain');
    const dbUs = db0 ? ` PostgreSQL ${((cpuSince(db0, postgresCpuMs()) * 1000) / filed).toFixed(1)} µs a post` : '';
    console.log(
      `${store.padEnd(8)} ${filed} posts filed in ${ms.toFixed(0)} ms: ${((cpu.user + cpu.system) / filed).toFixed(1)} µs CPU a post (user ${(cpu.user / filed).toFixed(1)}, system ${(cpu.system / filed).toFixed(1)})${dbUs}`,
    );
  }
  await aviary.close();
  await where.remove();
}

await measure('sqlite');
if (PG_URL) await measure('postgres');
