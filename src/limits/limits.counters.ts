// Rate-limit counters: counted in this process's memory, with the store as the truth every process
// shares (ADR 0019). A request adds to its counter in memory and is judged there; what was added is
// written behind, in batches (every FLUSH_MS), by one atomic add that also reads back the shared total.
// Near the limit (less than the slack left) on a store other processes write to, a request instead adds
// itself to the store at once and is judged on the total the store returns, so together the processes
// never allow more than the limit. A window opens with the first request it counts and ends `ms` later
// on the service clock; a window the clock has passed starts again at zero.
import type { Clock } from '../shared/clock.js';
import type { Db } from '../store/index.js';
import { limitsRepo } from './limits.repo.js';
import type { Window } from './limits.table.js';

export const FLUSH_MS = 100;
/** Memory holds at most this many counters; past it, closed windows are forgotten (the store keeps the rest). */
const MAX_SLOTS = 100_000;

type Slot = {
  resetAt: number;
  /** The shared total when last read from the store (this process's flushed counts included). */
  shared: number;
  /** Counted here, being written. */
  writing: number;
  /** Counted here, not yet written. */
  pending: number;
};

/** What one counter says after a request was counted (or refused). */
export type Count = { limit: number; used: number; resetAt: number; allowed: boolean };

export type Counters = {
  /** Counts one request on `key`; a promise only when the store must be asked first (near the limit). */
  take(key: string, w: Window): Count | Promise<Count>;
  /** Current state of a counter without counting (for the control API). */
  peek(key: string): { used: number; resetAt: number } | null;
  /** Writes every pending count now. */
  flush(): Promise<void>;
  /** Forgets counters whose key starts with `prefix` (all when null), here and in the store. */
  clear(prefix: string | null): Promise<number>;
  stop(): Promise<void>;
};

export function createCounters(base: { db: Db; clock: Clock }): Counters {
  const { db, clock } = base;
  const slots = new Map<string, Slot>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  // One process owns an embedded store: memory is then the whole truth and nothing need be asked.
  const shared = !db.embedded;

  function slotOf(key: string, w: Window, now: number): Slot {
    let s = slots.get(key);
    if (s && s.resetAt > now) return s;
    if (!s && slots.size >= MAX_SLOTS) prune(now);
    s = { resetAt: now + w.ms, shared: 0, writing: 0, pending: 0 };
    slots.set(key, s);
    return s;
  }

  function prune(now: number) {
    for (const [k, s] of slots) if (s.resetAt <= now && !dirty.has(k)) slots.delete(k);
    if (slots.size >= MAX_SLOTS) slots.clear();
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_MS);
    timer.unref();
  }

  async function writeOne(key: string): Promise<void> {
    const s = slots.get(key);
    dirty.delete(key);
    if (!s || s.pending === 0) return;
    const n = s.pending;
    s.pending = 0;
    s.writing += n;
    const now = clock.now();
    try {
      if (s.resetAt <= now) return; // a closed window: its counts no longer matter
      const row = await limitsRepo.add(db, key, n, s.resetAt, now);
      if (slots.get(key) !== s) return; // cleared or restarted meanwhile
      s.shared = row.used;
      s.resetAt = row.reset_at;
    } finally {
      s.writing -= n;
    }
  }

  async function flushOnce(): Promise<void> {
    for (const key of [...dirty]) await writeOne(key);
  }

  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
      if (dirty.size) schedule();
    });
    return flushing;
  }

  /** Near the limit on a shared store: add this request to the store now and judge on its total. */
  async function takeShared(key: string, s: Slot, w: Window, now: number): Promise<Count> {
    const n = s.pending + 1;
    s.pending = 0;
    s.writing += n;
    try {
      const row = await limitsRepo.add(db, key, n, s.resetAt, now);
      if (slots.get(key) === s) {
        s.shared = row.used;
        s.resetAt = row.reset_at;
      }
      return { limit: w.limit, used: Math.min(row.used, w.limit), resetAt: row.reset_at, allowed: row.used <= w.limit };
    } finally {
      s.writing -= n;
    }
  }

  return {
    take(key, w) {
      const now = clock.now();
      const s = slotOf(key, w, now);
      const used = s.shared + s.writing + s.pending;
      if (used >= w.limit) return { limit: w.limit, used: w.limit, resetAt: s.resetAt, allowed: false };
      if (shared && w.limit - used <= slack(w.limit)) return takeShared(key, s, w, now);
      s.pending++;
      dirty.add(key);
      schedule();
      return { limit: w.limit, used: used + 1, resetAt: s.resetAt, allowed: true };
    },
    peek(key) {
      const s = slots.get(key);
      if (!s || s.resetAt <= clock.now()) return null;
      return { used: s.shared + s.writing + s.pending, resetAt: s.resetAt };
    },
    flush,
    async clear(prefix) {
      await flush();
      for (const k of [...slots.keys()]) if (prefix === null || k.startsWith(prefix)) slots.delete(k);
      return limitsRepo.clear(db, prefix);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}

/**
 * Requests left below which a shared store is asked on every request: a tenth of the limit, at least
 * one. Above it, the other processes' unwritten counts (at most FLUSH_MS of their traffic) are assumed
 * to fit in the slack.
 */
export const slack = (limit: number) => Math.max(1, Math.ceil(limit / 10));
