// Rate-limit counters (ADR 0019). On an embedded store one process owns the data: a request adds to
// its counter in memory and is judged there, and what was added is written behind, in batches (every
// FLUSH_MS). On a store other processes share, memory cannot know what the others counted meanwhile
// (an earlier design judged in memory until a tenth of the limit was left and let two processes allow
// 80 of 75), so every request is added to the store by one atomic add and judged on the total it
// returns; the requests that arrive while an add is in flight for their key go together in the next
// one. A window opens with the first request it counts and ends `ms` later on the service clock; a
// window the clock has passed starts again at zero.
import type { Clock } from '../shared/clock.js';
import { createFlusher } from '../shared/flusher.js';
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
  /** Shared store: requests waiting for the next add of this key, and whether an add is in flight. */
  waiting: Array<(c: Count | Error) => void>;
  adding: boolean;
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
  // One process owns an embedded store: memory is then the whole truth and nothing need be asked.
  const shared = !db.embedded;

  function slotOf(key: string, w: Window, now: number): Slot {
    let s = slots.get(key);
    if (s && s.resetAt > now) return s;
    if (!s && slots.size >= MAX_SLOTS) prune(now);
    s = { resetAt: now + w.ms, shared: 0, writing: 0, pending: 0, waiting: [], adding: false };
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

  /** Writes every pending count (src/shared/flusher.ts); keys dirtied meanwhile are written next. */
  const flush = createFlusher(
    async () => {
      for (const key of [...dirty]) await writeOne(key);
    },
    () => {
      if (dirty.size) schedule();
    },
  );

  /** Shared store: this request is added to the store and judged on the total the store returns. */
  function takeShared(key: string, s: Slot, w: Window): Promise<Count> {
    return new Promise<Count>((resolve, reject) => {
      s.waiting.push((c) => (c instanceof Error ? reject(c) : resolve(c)));
      if (!s.adding) void addWaiting(key, s, w);
    });
  }

  async function addWaiting(key: string, s: Slot, w: Window): Promise<void> {
    s.adding = true;
    try {
      while (s.waiting.length) {
        const batch = s.waiting;
        s.waiting = [];
        s.writing += batch.length;
        try {
          const row = await limitsRepo.add(db, key, batch.length, s.resetAt, clock.now());
          if (slots.get(key) === s) {
            s.shared = row.used;
            s.resetAt = row.reset_at;
          }
          // The batch took the last `batch.length` counts of the total, in arrival order.
          const first = row.used - batch.length + 1;
          batch.forEach((settle, i) => {
            const used = first + i;
            settle({ limit: w.limit, used: Math.min(used, w.limit), resetAt: row.reset_at, allowed: used <= w.limit });
          });
        } catch (err) {
          for (const settle of batch) settle(err instanceof Error ? err : new Error(String(err)));
        } finally {
          s.writing -= batch.length;
        }
      }
    } finally {
      s.adding = false;
    }
  }

  return {
    take(key, w) {
      const now = clock.now();
      const s = slotOf(key, w, now);
      if (shared) return takeShared(key, s, w);
      const used = s.shared + s.writing + s.pending;
      if (used >= w.limit) return { limit: w.limit, used: w.limit, resetAt: s.resetAt, allowed: false };
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
