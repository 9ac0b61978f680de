// Nonces seen (ADR 0005, ADR 0012). Every nonce is recorded in the store, so a replay is caught across
// restarts and across processes sharing PostgreSQL. How a request learns whether its nonce is new:
//
// - PostgreSQL: from the store. Every nonce that arrives in one turn of the event loop is written by
//   one `INSERT … RETURNING`; the returned keys are the new ones.
// - SQLite (`Db.embedded`: one process owns the file): from memory, for nonces whose timestamp is newer than
//   anything the store held at start and than anything evicted from memory since (`floorS`). Such a
//   nonce can only have been seen by this process, since it started. It is then written behind the
//   request, in batches: a commit per request batch cost more than everything else on the route.
//   Older timestamps (a replay of a request from before a restart) still ask the store.
//
// `flushNonces` writes what is pending (graceful shutdown). A crash can lose the last batch (at most
// FLUSH_MS of nonces): those could be replayed after a restart within their window.
// Stale keys are removed by a bounded DELETE at most once a second, twice as many as were added.
import { setImmediate } from 'node:timers';
import type { Deps } from '../deps.js';
import type { Db } from '../store/index.js';
import { nonceKeyPrefix, noncesRepo } from './oauth1.repo.js';

type Nonce = { key: string; expiresAt: number };
type Waiter = Nonce & { done: (fresh: boolean) => void; fail: (err: unknown) => void };
type Ledger = {
  /** Store path: nonces of this turn, written together. */
  queue: Waiter[] | null;
  /** Memory path: nonces seen by this process (key → expiry), oldest first; and those not yet written. */
  recent: Map<string, number>;
  pending: Nonce[];
  flushing: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Timestamps at or below this (seconds) may be known to the store only. */
  floorS: number;
  prunedAt: number;
  addedSincePrune: number;
};

const MAX_BATCH = 200;
const FLUSH_MS = 20;
const FLUSH_AT = 1000;
/** Nonces kept in memory; beyond it the oldest are forgotten (they are in the store). */
const MAX_RECENT = 200_000;
const PRUNE_EVERY_MS = 1000;
const ledgers = new WeakMap<Db, Promise<Ledger>>();

/** The store key of a nonce: its timestamp first, then a digest of the rest. */
export const nonceKey = (timestampS: number, digest: string) => nonceKeyPrefix(timestampS) + digest;

const timestampOf = (key: string) => Number(key.slice(0, key.indexOf(':')));

function ledgerOf(db: Db): Promise<Ledger> {
  let l = ledgers.get(db);
  if (!l) {
    l = (async () => {
      const newest = db.embedded ? await noncesRepo.newestKey(db) : null;
      return {
        queue: null, recent: new Map(), pending: [], flushing: null, timer: null,
        floorS: newest ? timestampOf(newest) : -1, prunedAt: 0, addedSincePrune: 0,
      };
    })();
    ledgers.set(db, l);
  }
  return l;
}

/** Resolves true when the nonce is new, false when it was seen within its window (a replay). */
export async function rememberNonce(deps: Deps, key: string, expiresAt: number, windowMs: number): Promise<boolean> {
  const l = await ledgerOf(deps.db);
  if (l.recent.has(key)) return false;
  if (!deps.db.embedded || timestampOf(key) <= l.floorS) {
    const fresh = await viaStore(deps, l, key, expiresAt, windowMs);
    if (fresh && deps.db.embedded) l.recent.set(key, expiresAt);
    return fresh;
  }
  l.recent.set(key, expiresAt);
  l.pending.push({ key, expiresAt });
  if (l.recent.size > MAX_RECENT) forgetOldest(l);
  if (l.pending.length >= FLUSH_AT) void writeBehind(deps, l, windowMs);
  else l.timer ??= setTimeout(() => void writeBehind(deps, l, windowMs), FLUSH_MS);
  return true;
}

/** Writes the nonces not yet in the store (shutdown calls it before closing the store). */
export async function flushNonces(deps: Deps): Promise<void> {
  const l = ledgers.get(deps.db);
  if (l) await writeBehind(deps, await l, 0);
}

function forgetOldest(l: Ledger): void {
  let n = MAX_RECENT / 10;
  for (const k of l.recent.keys()) {
    l.floorS = Math.max(l.floorS, timestampOf(k));
    l.recent.delete(k);
    if (--n <= 0) break;
  }
}

async function writeBehind(deps: Deps, l: Ledger, windowMs: number): Promise<void> {
  if (l.timer) { clearTimeout(l.timer); l.timer = null; }
  await l.flushing;
  const batch = l.pending.splice(0);
  if (!batch.length) return;
  l.flushing = (async () => {
    try {
      for (let i = 0; i < batch.length; i += MAX_BATCH) await noncesRepo.recordMany(deps.db, batch.slice(i, i + MAX_BATCH));
      l.addedSincePrune += batch.length;
      if (windowMs) await prune(deps, l, windowMs);
    } catch {
      // The store refused (closing, full disk): those nonces stay known to this process only.
    } finally {
      l.flushing = null;
    }
  })();
  await l.flushing;
}

function viaStore(deps: Deps, l: Ledger, key: string, expiresAt: number, windowMs: number): Promise<boolean> {
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
  const oldestS = Math.floor((now - windowMs) / 1000);
  await noncesRepo.prune(deps.db, oldestS, 2 * l.addedSincePrune + 64);
  for (const [k, expiresAt] of l.recent) {
    if (expiresAt >= now) break;
    l.recent.delete(k);
  }
  l.prunedAt = now;
  l.addedSincePrune = 0;
}
