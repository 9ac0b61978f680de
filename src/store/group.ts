// The jobs of one group commit inside its open transaction (docs/adr/0020, 0027), shared by both
// drivers. A failing job must leave no trace while the others stand; the savepoint that gives each
// job that isolation cost two statements a job — two round trips on PostgreSQL, about a tenth of a
// post's server CPU and its lane's throughput (bench/NOTES.md "write path, seventh pass"). So a run
// of GROUPED jobs (the write path's short writes, written to be run again: ADR 0027) shares one
// savepoint; when one of them throws, the run is undone to it and run again one savepoint a job,
// which settles each job as before. Other jobs keep their own savepoint and run once. A run that
// opens its transaction needs no savepoint where the driver can begin the transaction again
// (`Savepoints.restart`, PostgreSQL): the undo is the transaction's rollback, two round trips fewer a
// group in the common case, where every job of the group is one such run.
// Rows a job writes with `writeLater` (db.ts) wait in the group and are written together, a statement a
// kind, when the job's run ends, inside its savepoint: an undone run's rows are dropped with it. A
// repository may write a kind's waiting rows earlier (`writeWaiting`), before a statement that reads them.
import { firstFailure, type LaterOptions, type Queryable } from './db.js';

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
  /** Rolls the whole transaction back and begins it again (drivers where a savepoint costs a round trip). */
  restart?(): Promise<unknown>;
};

/**
 * Runs `jobs` in order in the open transaction `tx`; returns each job's outcome in job order. Throws
 * (the caller rolls the whole group back and rejects every job) when a lone job fails or an error
 * ended the transaction.
 */
export async function runJobs(jobs: GroupJob[], g: Group, sp: Savepoints): Promise<Outcome[]> {
  if (jobs.length === 1) {
    const value = await jobs[0]!.fn(g.tx);
    await g.flush();
    return [{ ok: true, value }];
  }
  const outcomes: Outcome[] = [];
  for (let i = 0; i < jobs.length;) {
    let end = i;
    while (end < jobs.length && jobs[end]!.group) end++;
    if (end - i >= 2) {
      const run = jobs.slice(i, end);
      outcomes.push(...(await shared(run, g, sp, i === 0)));
      i = end;
    } else {
      outcomes.push(await alone(jobs[i]!, g, sp));
      i++;
    }
  }
  return outcomes;
}

/** One job in its own savepoint: a failure undoes only its own writes. */
async function alone(job: GroupJob, g: Group, sp: Savepoints): Promise<Outcome> {
  await sp.savepoint('aviary_tx');
  try {
    const value = await job.fn(g.tx);
    await g.flush();
    await sp.release('aviary_tx');
    return { ok: true, value };
  } catch (error) {
    g.discard();
    // On PostgreSQL the rollback to the savepoint also recovers a transaction the error aborted.
    if (!sp.open()) throw error;
    await sp.rollbackTo('aviary_tx');
    await sp.release('aviary_tx');
    return { ok: false, error };
  }
}

/**
 * A run of grouped jobs under one savepoint, their later rows written once at its end; if any throws,
 * undone and run again one savepoint a job. The transaction's `first` run, where the driver can
 * restart the transaction, takes no savepoint: the restart is its undo.
 */
async function shared(run: GroupJob[], g: Group, sp: Savepoints, first: boolean): Promise<Outcome[]> {
  const restart = first ? sp.restart : undefined;
  if (!restart) await sp.savepoint('aviary_group');
  const values: unknown[] = [];
  try {
    for (const job of run) values.push(await job.fn(g.tx));
    await g.flush();
    if (!restart) await sp.release('aviary_group');
    return values.map((value) => ({ ok: true, value }));
  } catch (error) {
    g.discard();
    if (!sp.open()) throw error;
    if (restart) await restart();
    else {
      await sp.rollbackTo('aviary_group');
      await sp.release('aviary_group');
    }
  }
  const outcomes: Outcome[] = [];
  for (const job of run) outcomes.push(await alone(job, g, sp));
  return outcomes;
}

type Later = { rows: unknown[]; write: (q: Queryable, rows: unknown[]) => Promise<void>; oneShot: boolean };

/**
 * `q` for a `oneShot` writer (db.ts LaterOptions) started without waiting: its statements pass until
 * `seal()`, called once the writer's synchronous part has run; one asked after that would run after
 * the next kinds' statements, so it is refused, loudly (a writer that broke its word).
 */
function sealable(q: Queryable, key: string): { q: Queryable; seal(): void } {
  let sealed = false;
  const open = () => {
    if (sealed) throw new Error(`store: the writer of "${key}" asked for a statement after its turn (oneShot)`);
  };
  return {
    q: {
      all: (sql, params) => (open(), q.all(sql, params)),
      get: (sql, params) => (open(), q.get(sql, params)),
      run: (sql, params) => (open(), q.run(sql, params)),
      atCommit: q.atCommit,
      afterCommit: q.afterCommit,
      later: q.later,
      writeWaiting: q.writeWaiting,
      pipelined: q.pipelined,
    },
    seal: () => void (sealed = true),
  };
}
export type Group = ReturnType<typeof groupTx>;

/**
 * A group's transaction: `q` with the commit hooks its jobs register (Queryable.atCommit,
 * afterCommit), each once per key. The `atCommit` statements come last, in key order, so that every
 * transaction takes those rows' locks in the same order; `afterCommit` the wake-ups, each guarded:
 * one that throws must not stop the others (the woken readers' own polls find the rows later).
 */
export function groupTx(q: Queryable) {
  const atCommit = new Map<string, string>();
  const after = new Map<string, () => void>();
  let later = new Map<string, Later>();
  // q's members written out: a spread then new keys costs ~1 µs a key on Node 20 (delivery/deliveries.ts `attemptOf`).
  const tx: Queryable = {
    all: q.all,
    get: q.get,
    run: q.run,
    atCommit: (key, sql) => void (atCommit.has(key) || atCommit.set(key, sql)),
    afterCommit: (key, fn) => void (after.has(key) || after.set(key, fn)),
    pipelined: q.pipelined,
    later(key, row, write, opts?: LaterOptions) {
      const kind = later.get(key);
      if (kind) kind.rows.push(row);
      else later.set(key, { rows: [row], write: write as Later['write'], oneShot: opts?.oneShot === true });
    },
    async writeWaiting(key, needed) {
      const kind = later.get(key);
      if (!kind || (needed && !kind.rows.some(needed as (row: unknown) => boolean))) return;
      later.delete(key);
      await kind.write(tx, kind.rows);
    },
  };
  /**
   * Writes the rows waiting, each kind in one call, in key order (as atCommit's, for the locks' order,
   * and for the kinds that read what an earlier one wrote). On a pipelined connection the `oneShot`
   * kinds in a row are started together: their statements go out in key order, one round trip for all
   * of them where each was one (issue #23: four or five a group of creations on PostgreSQL). The
   * first failure in key order is thrown once all have answered, as the sequential writes would have
   * thrown it (the run is undone either way).
   */
  async function flush(): Promise<void> {
    while (later.size) {
      const kinds = later;
      later = new Map();
      let started: Promise<void>[] = [];
      for (const key of [...kinds.keys()].sort()) {
        const kind = kinds.get(key)!;
        if (kind.oneShot && tx.pipelined) {
          const s = sealable(tx, key);
          started.push(kind.write(s.q, kind.rows));
          s.seal();
          continue;
        }
        if (started.length) firstFailure(await Promise.allSettled(started));
        started = [];
        await kind.write(tx, kind.rows);
      }
      if (started.length) firstFailure(await Promise.allSettled(started));
    }
  }
  return {
    tx,
    flush,
    /** Drops the rows waiting: the run that asked for them was undone. */
    discard(): void {
      later = new Map();
    },
    /** The `atCommit` statements, in key order: the driver runs them, then COMMIT. */
    commitStatements(): string[] {
      return [...atCommit.keys()].sort().map((key) => atCommit.get(key)!);
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
