// Keeps the index in step with posts. Triggers queue every post write in the writer's own
// transaction (migration 0005); draining the queue recomputes each queued post's entry from the
// posts as they are now. Search drains before it reads, so results always reflect every committed
// write; a background pump keeps the queue short between searches. Drains are serialised: one at
// a time in this server (its drain chain), and by the lock row across processes sharing a
// PostgreSQL database.
import type { Deps } from '../../deps.js';
import { createPump, type Pump } from '../../delivery/index.js';
import { seqOf, toMatchPosts } from '../posts/index.js';
import type { Db, Queryable } from '../../store/index.js';
import type { FileItem } from './search.file.js';
import { KEYS_VERSION } from './search.keys.js';
import { searchRepo, type QueueRow } from './search.repo.js';

const BATCH = 2500;
/**
 * A background batch's posts are read in slices of this many, with a turn of the event loop between
 * them: where the index is a file of its own (search.store.ts), a batch is as large as its writer
 * takes well, and requests are answered meanwhile.
 */
const SLICE = 200;

/** Deps whose store reads go through the open transaction (SQLite admits no other query meanwhile). */
function within(deps: Deps, tx: Queryable): Deps {
  const db: Db = { ...deps.db, all: tx.all.bind(tx), get: tx.get.bind(tx), run: tx.run.bind(tx) };
  return { ...deps, db };
}

/** The last operation queued for each post decides: live posts are (re)filed, others removed. */
function lastOps(rows: QueueRow[]): Map<string, QueueRow> {
  const ops = new Map<string, QueueRow>();
  for (const r of rows) ops.set(r.post_id, r);
  return ops;
}

/** The item of each post the queue names (null post: none), read `slice` posts at a time between turns. */
async function itemsOf(deps: Deps, store: Queryable, rows: QueueRow[], slice: number): Promise<FileItem[]> {
  const ops = [...lastOps(rows)];
  const items: FileItem[] = [];
  for (let i = 0; i < ops.length; i += slice) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    const part = ops.slice(i, i + slice);
    const live = part.filter(([, r]) => r.op === 'i' || r.op === 'u').map(([id]) => id);
    // The keys filed rest on no user data (search.keys.ts): the authors' rows are not read. New posts
    // are in the row cache from their creation (posts.cache.ts `rememberWritten`): versions are read.
    const posts = await toMatchPosts(within(deps, store), live, { users: false, cached: true });
    for (const [id, r] of part) {
      const post = r.op === 'i' || r.op === 'u' ? posts.get(id) : undefined;
      items.push({ seq: seqOf(id), id, created_at: Number(r.created_at), post: post ?? null });
    }
  }
  return items;
}

/**
 * One batch of the queue; returns how many queue rows it settled. The index is written first and the
 * queue rows settled after it (search.store.ts `batch`: one transaction on PostgreSQL): a batch cut
 * short between the two is applied again, which changes nothing (search.file.ts compares with the docs).
 */
async function drainBatch(deps: Deps, batch: number, slice: number): Promise<number> {
  return deps.runtime.searchIndex.batch(async (index, store) => {
    const version = await searchRepo.lock(index);
    if (version !== KEYS_VERSION) {
      // A changed derivation files every post again. A first drain (no version yet) has nothing filed:
      // the migration and the triggers queued every post already (the requeue read the docs until
      // it read the posts: issue #23).
      if (version !== null) await searchRepo.requeueAll(store);
      await searchRepo.setVersion(index, KEYS_VERSION);
    }
    const rows = await searchRepo.queued(store, batch);
    if (rows.length === 0) return { result: 0 };
    await deps.runtime.searchIndex.file(index, await itemsOf(deps, store, rows, slice));
    const settled = rows.map((r) => r.n);
    return { result: rows.length, after: (q) => searchRepo.dequeue(q, settled) };
  });
}

/**
 * Every live post queued for filing under the current key derivation, in the store's index tables:
 * after a snapshot's load from a file without the index's documents (one taken on SQLite, where they
 * are a file of their own: search.store.ts), which left those tables empty (snapshot.service.ts).
 */
export async function refileAll(store: Queryable): Promise<void> {
  await searchRepo.requeueAll(store);
  await searchRepo.setVersion(store, KEYS_VERSION);
}

/** One server's drain chain: the pass running or queued last (Runtime `searchDrains`). */
export type DrainChain = { last: Promise<void> | null; stop(): Promise<void> };

declare module '../../deps.js' {
  interface Runtime {
    searchDrains: DrainChain;
  }
}

/** Stopping waits for the pass under way (a search's, or the pump's last), before the store closes. */
export function createDrainChain(): DrainChain {
  const chain: DrainChain = {
    last: null,
    stop: async () => {
      await chain.last?.catch(() => undefined);
    },
  };
  return chain;
}

/**
 * Settles every queued change committed before the call. Callers share the server's drain chain:
 * a caller arriving mid-drain runs a fresh pass after it, so its own writes are covered. `force`
 * runs one batch even with an empty queue (start-up: checks the key-derivation version); `stop`
 * ends the pass between batches (shutdown leaves the rest queued for the next start). `background`
 * takes smaller batches and lets requests in between them (SQLite calls never yield on their own).
 */
export async function drainIndex(
  deps: Deps,
  o: { force?: boolean; stop?: () => boolean; background?: boolean } = {},
): Promise<number> {
  const chain = deps.runtime.searchDrains;
  const previous = chain.last;
  let settled = 0;
  const run = (async () => {
    await previous?.catch(() => undefined);
    await deps.runtime.searchIndex.ensure();
    let first = o.force ?? false;
    const background = deps.runtime.searchIndex.background;
    while (!o.stop?.() && (first || (await searchRepo.firstQueued(deps.db)))) {
      first = false;
      const n = await (o.background ? drainBatch(deps, background.batch, SLICE) : drainBatch(deps, BATCH, BATCH));
      if (n === 0) break;
      settled += n;
      if (!o.background) continue;
      // A background pass takes what was queued when it began and leaves what came meanwhile to the
      // pump's next step: under a steady write load the queue is never empty, and a pass that ran
      // until it was took a batch of ~40 posts after another, ten statements each (issue #23,
      // bench:writes streams on PostgreSQL: 767 batches for 15,000 posts, 0.5 statements a post).
      if (n < background.batch) break;
      await new Promise((r) => setImmediate(r));
    }
  })();
  chain.last = run;
  try {
    await run;
  } finally {
    if (chain.last === run) chain.last = null;
  }
  return settled;
}

/** The background pump: drains what bulk seeds, other processes or quiet periods left queued. */
export function startSearchIndexer(deps: Deps, onError: (err: unknown) => void): Pump {
  let started = false;
  let stopping = false;
  const pump = createPump({
    idleMs: deps.runtime.searchIndex.background.idleMs,
    maxIdleMs: 2_000,
    onError,
    step: async () => {
      const settled = await drainIndex(deps, { force: !started, stop: () => stopping, background: true });
      started = true;
      // Under a steady write load a step takes what ~idleMs of writes queued (a pass stops at its first
      // short batch) and the next looks again after idleMs: the index follows in small passes. Backing
      // off between passes, as when the queue is empty, left ~2 s of writes for each pass, which then
      // held the store's one writer for 2–4 s (issue #23: bench:firehose on SQLite fell behind the
      // 6,000 posts/s asked in each such pass; 5,874 / 5,947 → 5,975 / 5,988 / 5,984 posts/s over 30 s).
      return settled > 0 ? 'paced' : false;
    },
  });
  pump.start();
  return {
    ...pump,
    stop: async () => {
      stopping = true;
      await pump.stop();
    },
  };
}
