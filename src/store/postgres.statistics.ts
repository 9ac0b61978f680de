// The planner's statistics of Aviary's schema kept current on PostgreSQL (issue #23, docs/adr/0031).
// Aviary's hot statements are named, so each connection plans them once and keeps the plan: after a
// few runs PostgreSQL keeps a generic plan when it costs no more than the custom ones, and a fresh
// schema's tables are tiny then. Without statistics the planner prices them by their size at that
// moment, so the plans kept were sequential scans, and they stay as the tables grow (auto_explain,
// bench:writes streams on PostgreSQL: the stream tail's `id > ?` read of the outbox 3.6 ms against
// 0.02 ms by its primary key, the claims of the fan-out 4 ms, the posts' version checks 5.9 ms).
// An ANALYZE replaces a table's statistics and with them every plan kept of it. Autovacuum analyses a
// table once its changes since the last pass reach 50 + 10 % of its rows, but looks at most once a
// minute (autovacuum_naptime) and may be turned off (as on this project's machines): a burst on a
// fresh schema ran a whole minute, or for ever, on its first plans. So the store applies a rule of the
// same kind (below), looked at every CHECK_MS while it is written, to the tables of its schema.
import type pg from 'pg';

/** How often, at most, the tables' changes are looked at while the store is written. */
const CHECK_MS = 2_000;
/**
 * A table is analysed once its changes since the last pass reach THRESHOLD + SCALE × the rows that
 * pass counted: autovacuum's threshold (50), but a scale of 1 where its default is 0.1 — a growing
 * table analysed each time it doubles, not every tenth (bench:writes streams, PostgreSQL, 20 s: at 0.1
 * the ANALYZEs took 3.3 s of the database's time, as much as the plans they mended had cost).
 */
const THRESHOLD = 50;
const SCALE = 1;
/**
 * The sample of a pass: 3,000 rows (300 × this) instead of default_statistics_target's 30,000; the
 * plans mended here turn on the tables' sizes, not on fine histograms. An autovacuum pass, where it
 * runs, replaces them with its own.
 */
const SAMPLE_TARGET = 10;
/** An advisory-lock key of its own ("aviarz"): one process sharing the database analyses at a time. */
const LOCK_KEY = 0x61766961727a;

export type StatisticsKeeper = {
  /** After a write of the store: a look at the tables' changes is due within CHECK_MS. */
  written(): void;
  /** Analyses the tables due now (tests; `written` schedules the same). */
  pass(): Promise<string[]>;
  /** Stops looking; waits for a pass under way. */
  close(): Promise<void>;
};

/** The tables of the current schema whose changes since their last ANALYZE reach THRESHOLD + SCALE × rows. */
const DUE = `SELECT s.relname AS name FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = current_schema()
    AND s.n_mod_since_analyze >= ${THRESHOLD} + ${SCALE} * GREATEST(c.reltuples, 0)
  ORDER BY s.relname`;

export function statisticsKeeper(pool: pg.Pool): StatisticsKeeper {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;
  let closed = false;

  async function analyse(): Promise<string[]> {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      // One transaction: its advisory lock and its sample size end with it, however it ends (a COMMIT
      // of a transaction an error aborted rolls it back).
      await client.query('BEGIN');
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
          LOCK_KEY,
        ]);
        if (!rows[0]?.locked) return [];
        await client.query(`SET LOCAL default_statistics_target = ${SAMPLE_TARGET}`);
        const due = (await client.query<{ name: string }>(DUE)).rows.map((r) => r.name);
        for (const name of due) {
          if (closed) break;
          await client.query(`ANALYZE "${name.replace(/"/g, '""')}"`);
        }
        return due;
      } finally {
        await client.query('COMMIT');
      }
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection that failed is dropped, not pooled.
      client.release(failed);
    }
  }

  function pass(): Promise<string[]> {
    running ??= analyse()
      // A failed look (a dropped table, a connection lost) is retried at the next write.
      .catch(() => [])
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    written() {
      if (timer || closed) return;
      timer = setTimeout(() => {
        timer = null;
        void pass();
      }, CHECK_MS);
      timer.unref();
    },
    pass,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
