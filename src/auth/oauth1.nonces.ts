// Nonces seen, recorded in the store so a replay is caught across restarts and across processes
// sharing PostgreSQL. Every nonce that arrives in one turn of the event loop goes to the store in
// one statement (a statement per request would cost more than the HMAC); each flush also removes as
// many stale rows as it may add, so the table stays at about one window of traffic.
import { setImmediate } from 'node:timers';
import type { Deps } from '../deps.js';
import type { Db } from '../store/index.js';
import { nonceKeyPrefix, noncesRepo } from './oauth1.repo.js';

type Waiter = { key: string; expiresAt: number; done: (fresh: boolean) => void; fail: (err: unknown) => void };

const MAX_BATCH = 200;
const PRUNE_EVERY_MS = 1000;
const queues = new WeakMap<Db, Waiter[]>();
/** Per store: when stale keys were last removed and how many were added since. */
const pruning = new WeakMap<Db, { at: number; added: number }>();

/** The store key of a nonce: its timestamp first, then a digest of the rest. */
export const nonceKey = (timestampS: number, digest: string) => nonceKeyPrefix(timestampS) + digest;

/** Resolves true when the nonce is new, false when it was seen within its window (a replay). */
export function rememberNonce(deps: Deps, key: string, expiresAt: number, windowMs: number): Promise<boolean> {
  let queue = queues.get(deps.db);
  if (!queue) {
    const q: Waiter[] = [];
    queue = q;
    queues.set(deps.db, q);
    setImmediate(() => void flush(deps, q, windowMs));
  }
  const q = queue;
  return new Promise((done, fail) => { q.push({ key, expiresAt, done, fail }); });
}

async function flush(deps: Deps, queue: Waiter[], windowMs: number): Promise<void> {
  queues.delete(deps.db);
  for (let i = 0; i < queue.length; i += MAX_BATCH) await flushBatch(deps, queue.slice(i, i + MAX_BATCH), windowMs);
}

async function flushBatch(deps: Deps, batch: Waiter[], windowMs: number): Promise<void> {
  const firsts = new Map<string, Waiter>();
  for (const w of batch) if (!firsts.has(w.key)) firsts.set(w.key, w);
  try {
    const fresh = await noncesRepo.rememberMany(deps.db, [...firsts.values()]);
    // A key twice in one batch: the second is a replay of the first.
    for (const w of batch) w.done(firsts.get(w.key) === w && fresh.has(w.key));
    await pruneNow(deps, windowMs, fresh.size);
  } catch (err) {
    for (const w of batch) w.fail(err);
  }
}

/** At most once a second, remove twice as many stale keys as were added since (bounded work). */
async function pruneNow(deps: Deps, windowMs: number, added: number): Promise<void> {
  const now = deps.clock.now();
  const p = pruning.get(deps.db) ?? { at: 0, added: 0 };
  p.added += added;
  pruning.set(deps.db, p);
  if (Math.abs(now - p.at) < PRUNE_EVERY_MS) return;
  await noncesRepo.prune(deps.db, Math.floor((now - windowMs) / 1000), 2 * p.added + 64);
  p.at = now;
  p.added = 0;
}
