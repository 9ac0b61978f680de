// The jobs of one group commit inside its open transaction (docs/adr/0020, 0027), shared by both
// drivers. A failing job must leave no trace while the others stand; the savepoint that gives each
// job that isolation cost two statements a job — two round trips on PostgreSQL, about a tenth of a
// post's server CPU and its lane's throughput (bench/NOTES.md "write path, seventh pass"). So a run
// of GROUPED jobs (the write path's short writes, written to be run again: ADR 0027) shares one
// savepoint; when one of them throws, the run is undone to it and run again one savepoint a job,
// which settles each job as before. Other jobs keep their own savepoint and run once.
import type { Queryable } from './db.js';

export type GroupJob = {
  fn: (tx: Queryable) => Promise<unknown>;
  /** Asked with GROUPED: may be run again after an undone attempt. */
  group: boolean;
  resolve(v: unknown): void;
  reject(e: unknown): void;
};
export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** One driver's savepoint statements on the group's connection. */
export type Savepoints = {
  savepoint(name: string): unknown;
  release(name: string): unknown;
  rollbackTo(name: string): unknown;
  /** Whether the transaction is still there to roll back into (an I/O error can end it). */
  open(): boolean;
};

/**
 * Runs `jobs` in order in the open transaction `tx`; returns each job's outcome in job order. Throws
 * (the caller rolls the whole group back and rejects every job) when a lone job fails or an error
 * ended the transaction.
 */
export async function runJobs(jobs: GroupJob[], tx: Queryable, sp: Savepoints): Promise<Outcome[]> {
  if (jobs.length === 1) return [{ ok: true, value: await jobs[0]!.fn(tx) }];
  const outcomes: Outcome[] = [];
  for (let i = 0; i < jobs.length;) {
    let end = i;
    while (end < jobs.length && jobs[end]!.group) end++;
    if (end - i >= 2) {
      const run = jobs.slice(i, end);
      outcomes.push(...(await shared(run, tx, sp)));
      i = end;
    } else {
      outcomes.push(await alone(jobs[i]!, tx, sp));
      i++;
    }
  }
  return outcomes;
}

/** One job in its own savepoint: a failure undoes only its own writes. */
async function alone(job: GroupJob, tx: Queryable, sp: Savepoints): Promise<Outcome> {
  await sp.savepoint('aviary_tx');
  try {
    const value = await job.fn(tx);
    await sp.release('aviary_tx');
    return { ok: true, value };
  } catch (error) {
    // On PostgreSQL the rollback to the savepoint also recovers a transaction the error aborted.
    if (!sp.open()) throw error;
    await sp.rollbackTo('aviary_tx');
    await sp.release('aviary_tx');
    return { ok: false, error };
  }
}

/** A run of grouped jobs under one savepoint; if any throws, undone and run again one savepoint a job. */
async function shared(run: GroupJob[], tx: Queryable, sp: Savepoints): Promise<Outcome[]> {
  await sp.savepoint('aviary_group');
  const values: unknown[] = [];
  try {
    for (const job of run) values.push(await job.fn(tx));
    await sp.release('aviary_group');
    return values.map((value) => ({ ok: true, value }));
  } catch (error) {
    if (!sp.open()) throw error;
    await sp.rollbackTo('aviary_group');
    await sp.release('aviary_group');
  }
  const outcomes: Outcome[] = [];
  for (const job of run) outcomes.push(await alone(job, tx, sp));
  return outcomes;
}

/**
 * A group's transaction: `q` with the commit hooks its jobs register (Queryable.beforeCommit,
 * afterCommit), each once per key. `beforeCommit` runs the first kind in key order, so that every
 * transaction takes those rows' locks in the same order; `afterCommit` the wake-ups, each guarded:
 * one that throws must not stop the others (the woken readers' own polls find the rows later).
 */
export function groupTx(q: Queryable) {
  const before = new Map<string, (q: Queryable) => Promise<void>>();
  const after = new Map<string, () => void>();
  const tx: Queryable = {
    ...q,
    beforeCommit: (key, fn) => void (before.has(key) || before.set(key, fn)),
    afterCommit: (key, fn) => void (after.has(key) || after.set(key, fn)),
  };
  return {
    tx,
    async beforeCommit(on: Queryable): Promise<void> {
      for (const key of [...before.keys()].sort()) await before.get(key)!(on);
    },
    afterCommit(): void {
      for (const fn of after.values()) {
        try {
          fn();
        } catch {
          /* see above */
        }
      }
    },
  };
}

/** Settles each job with its outcome, once the group's commit made the successful ones durable. */
export function settle(jobs: GroupJob[], outcomes: Outcome[]): void {
  jobs.forEach((j, i) => {
    const o = outcomes[i]!;
    if (o.ok) j.resolve(o.value);
    else j.reject(o.error);
  });
}
