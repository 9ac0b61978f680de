// Nonces seen, recorded in the store so a replay is caught across restarts and across processes
// sharing PostgreSQL. Every nonce that arrives in one turn of the event loop is written by one
// `INSERT … RETURNING` (a statement per request cost more than the HMAC). Waiting a few ms to gather
// bigger batches is cheaper per nonce with SQLite (14 µs at 20 a batch, 8 µs at 100) but every
// signed request then waits too, which costs sequential clients more than it saves (measured).
// Stale keys are removed by a bounded DELETE at most once a second, twice as many as were added.
import { setImmediate } from 'node:timers';
import type { Deps } from '../deps.js';
import type { Db } from '../store/index.js';
import { nonceKeyPrefix, noncesRepo } from './oauth1.repo.js';

type Waiter = { key: string; expiresAt: number; done: (fresh: boolean) => void; fail: (err: unknown) => void };
type Ledger = { queue: Waiter[] | null; prunedAt: number; addedSincePrune: number };

const MAX_BATCH = 200;
const PRUNE_EVERY_MS = 1000;
const ledgers = new WeakMap<Db, Ledger>();

/** The store key of a nonce: its timestamp first, then a digest of the rest. */
export const nonceKey = (timestampS: number, digest: string) => nonceKeyPrefix(timestampS) + digest;

/** Resolves true when the nonce is new, false when it was seen within its window (a replay). */
export function rememberNonce(deps: Deps, key: string, expiresAt: number, windowMs: number): Promise<boolean> {
  const l = ledgers.get(deps.db) ?? { queue: null, prunedAt: 0, addedSincePrune: 0 };
  ledgers.set(deps.db, l);
  if (!l.queue) {
    const queue: Waiter[] = [];
    l.queue = queue;
    setImmediate(() => { if (l.queue === queue) void flush(deps, l, windowMs); });
  }
  const queue = l.queue;
  const result = new Promise<boolean>((done, fail) => { queue.push({ key, expiresAt, done, fail }); });
  if (queue.length >= MAX_BATCH) void flush(deps, l, windowMs);
  return result;
}

async function flush(deps: Deps, l: Ledger, windowMs: number): Promise<void> {
  const batch = l.queue ?? [];
  l.queue = null;
  const firsts = new Map<string, Waiter>();
  for (const w of batch) if (!firsts.has(w.key)) firsts.set(w.key, w);
  try {
    const fresh = await noncesRepo.rememberMany(deps.db, [...firsts.values()]);
    // A key twice in one batch: the second is a replay of the first.
    for (const w of batch) w.done(firsts.get(w.key) === w && fresh.has(w.key));
    l.addedSincePrune += fresh.size;
    await prune(deps, l, windowMs);
  } catch (err) {
    for (const w of batch) w.fail(err);
  }
}

async function prune(deps: Deps, l: Ledger, windowMs: number): Promise<void> {
  const now = deps.clock.now();
  if (Math.abs(now - l.prunedAt) < PRUNE_EVERY_MS) return;
  await noncesRepo.prune(deps.db, Math.floor((now - windowMs) / 1000), 2 * l.addedSincePrune + 64);
  l.prunedAt = now;
  l.addedSincePrune = 0;
}
