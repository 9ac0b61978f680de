// Nonces seen (ADR 0005, ADR 0012, ADR 0014): `rememberNonce` tells whether a nonce is new and
// records it, so a replay is caught within its window, across restarts too.
//
// - SQLite (`Db.embedded`: one process owns the file): memory judges, by fingerprint; the store keeps
//   a log for a restart (oauth1.nonces.memory.ts).
// - PostgreSQL: the store judges, since several processes may verify at once. Every nonce that
//   arrives in one turn of the event loop is written by one `INSERT … RETURNING`; the returned keys
//   are the new ones. Stale keys are removed by a bounded DELETE at most once a second, twice as many
//   as were added.
import { hash } from 'node:crypto';
import { setImmediate } from 'node:timers';
import type { Deps, RuntimeBase } from '../deps.js';
import { createNonceMemory, flushMemory, rememberInMemory, type NonceMemory } from './oauth1.nonces.memory.js';
import { nonceKeyPrefix, noncesRepo } from './oauth1.repo.js';
import type { SeenNonce } from './oauth1.seen-nonce.js';

type Waiter = { key: string; expiresAt: number; done: (fresh: boolean) => void; fail: (err: unknown) => void };
type Ledger = { queue: Waiter[] | null; prunedAt: number; addedSincePrune: number };

const MAX_BATCH = 200;
const PRUNE_EVERY_MS = 1000;

/** One server's nonce judges: the memory on SQLite, the batching ledger on PostgreSQL. */
export type Nonces = { memory: NonceMemory; ledger: Ledger; stop(): Promise<void> };

declare module '../deps.js' {
  interface Runtime {
    nonces: Nonces;
  }
}

/** Stopping writes the nonces not yet in the store (before the store closes). */
export function createNonces(base: RuntimeBase): Nonces {
  const memory = createNonceMemory();
  return {
    memory,
    ledger: { queue: null, prunedAt: 0, addedSincePrune: 0 },
    stop: async () => {
      if (base.db.embedded) await flushMemory(base, memory);
    },
  };
}

/**
 * True when the nonce is new, false when it was seen within its window (a replay). The same nonce
 * again repeats all four of timestamp, client, token and nonce.
 */
export async function rememberNonce(deps: Deps, n: SeenNonce, windowMs: number): Promise<boolean> {
  const { memory, ledger } = deps.runtime.nonces;
  if (deps.db.embedded) return rememberInMemory(deps, memory, n, windowMs);
  return viaStore(deps, ledger, nonceKeyPrefix(n.timestampS) + digestOf(n), n.timestampS * 1000 + windowMs, windowMs);
}

/**
 * The store's key for a nonce after its timestamp: a digest of client, token and nonce (fixed length, no token in the
 * table).
 */
const digestOf = (n: SeenNonce) =>
  hash('sha256', `${n.consumerKey}\n${n.token ?? ''}\n${n.nonce}`, 'base64url').slice(0, 27);

function viaStore(deps: Deps, l: Ledger, key: string, expiresAt: number, windowMs: number): Promise<boolean> {
  if (!l.queue) {
    const queue: Waiter[] = [];
    l.queue = queue;
    setImmediate(() => {
      if (l.queue === queue) void flush(deps, l, windowMs);
    });
  }
  const queue = l.queue;
  const result = new Promise<boolean>((done, fail) => {
    queue.push({ key, expiresAt, done, fail });
  });
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
