// Posts read, per app and UTC day of the service clock, counted in memory and written behind like the
// rate-limit counters (ADR 0019): the store holds one row per app and day, and a month's usage (what
// the monthly cap is judged on) is the sum of its days as the store last returned it plus what this
// process has counted since. A Post read again the same day counts once (DOCS tweet-cap: "If the same
// Post is returned from multiple queries during a day, it only counts once"): each app keeps the ids
// it read today, up to SEEN_PER_DAY (past it, a Post counts each time it is read); the ids are this
// process's, so on a shared store each process de-duplicates what it answered.
import type { Clock } from '../shared/clock.js';
import { createFlusher } from '../shared/flusher.js';
import type { Db } from '../store/index.js';
import { limitsRepo } from './limits.repo.js';
import { FLUSH_MS } from './limits.counters.js';

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

type AppTally = {
  month: string;
  /** The month's reads in the store when last read; null until loaded. */
  base: number | null;
  loading: Promise<void> | null;
  /** Counted here and not yet written, by day. */
  pending: Map<string, number>;
  /** Being written. */
  writing: number;
  /** The UTC day `seen` is for, and the Posts read that day. */
  day: string;
  seen: Set<string>;
};

const SEEN_PER_DAY = 200_000;

export type Reads = {
  /** Counts the Posts (ids) an app was sent; those already sent today count once. */
  add(appId: string, postIds: readonly string[]): void;
  /** This month's reads of an app (store and memory); a promise only the first time a month is asked. */
  monthUsed(appId: string): number | Promise<number>;
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export function createReads(base: { db: Db; clock: Clock }): Reads {
  const { db, clock } = base;
  const apps = new Map<string, AppTally>();
  let timer: NodeJS.Timeout | null = null;

  function tallyOf(appId: string): AppTally {
    const month = monthOf(clock.now());
    let t = apps.get(appId);
    if (!t || t.month !== month) {
      // A new month starts from zero: the cap resets on the service clock (its calendar month).
      t = {
        month,
        base: null,
        loading: null,
        pending: t?.pending ?? new Map(),
        writing: 0,
        day: t?.day ?? '',
        seen: t?.seen ?? new Set(),
      };
      apps.set(appId, t);
    }
    return t;
  }

  const local = (t: AppTally) => {
    let n = t.writing;
    for (const [day, posts] of t.pending) if (day.startsWith(t.month)) n += posts;
    return n;
  };

  async function load(appId: string, t: AppTally): Promise<void> {
    t.loading ??= limitsRepo.monthReads(db, appId, t.month).then((n) => {
      t.base = n;
    });
    await t.loading;
  }

  /**
   * Writes what every app counted: one statement for the days, one for each month's sums (one month,
   * but at a month's turn), whatever the number of apps.
   */
  async function writeAll(): Promise<void> {
    const taken = [...apps].flatMap(([appId, t]) => {
      if (!t.pending.size) return [];
      const days = [...t.pending];
      t.pending = new Map();
      const n = days.reduce((sum, [day, posts]) => sum + (day.startsWith(t.month) ? posts : 0), 0);
      t.writing += n;
      return [{ appId, t, days, n }];
    });
    if (!taken.length) return;
    try {
      await limitsRepo.addReads(
        db,
        taken.flatMap(({ appId, days }) => days.map(([day, posts]) => ({ app_id: appId, day, posts }))),
      );
      for (const month of new Set(taken.map(({ t }) => t.month))) {
        const of = taken.filter(({ t }) => t.month === month);
        const sums = await limitsRepo.monthReadsOf(
          db,
          of.map(({ appId }) => appId),
          month,
        );
        for (const { appId, t } of of) t.base = sums.get(appId) ?? 0;
      }
    } finally {
      for (const { t, n } of taken) t.writing -= n;
    }
  }

  /** Writes everything counted so far (src/shared/flusher.ts). */
  const flush = createFlusher(writeAll);

  return {
    add(appId, postIds) {
      if (!postIds.length) return;
      const t = tallyOf(appId);
      const day = dayOf(clock.now());
      if (t.day !== day) {
        t.day = day;
        t.seen = new Set();
      }
      let posts = 0;
      for (const id of postIds) {
        if (t.seen.has(id)) continue;
        if (t.seen.size < SEEN_PER_DAY) t.seen.add(id);
        posts++;
      }
      if (!posts) return;
      t.pending.set(day, (t.pending.get(day) ?? 0) + posts);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, FLUSH_MS);
      timer.unref();
    },
    monthUsed(appId) {
      const t = tallyOf(appId);
      if (t.base !== null) return t.base + local(t);
      return load(appId, t).then(() => t.base! + local(t));
    },
    flush,
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
