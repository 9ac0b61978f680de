// Embedded store: one SQLite file in WAL mode through better-sqlite3. Calls are synchronous, so a
// transaction that awaits must hold the connection: an async lock keeps other callers out until
// it commits, and lets them straight through otherwise.
import Database from 'better-sqlite3';
import type { Db, Param, Queryable, Row } from './db.js';
import { groupTx, runJobs, settle, type GroupJob, type Outcome, type Savepoints } from './group.js';
import { walCheckpointer } from './sqlite.checkpoint.js';

/** Booleans as SQLite stores them (0/1); better-sqlite3 binds no booleans. */
export function normalise(params: Param[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/**
 * `LIMIT ?` prepared as `LIMIT +?`, the same value. SQLite plans a LIMIT that is a bare parameter with
 * its bound value and marks the parameter, so that binding another value prepares the statement again
 * (select.c computeLimitRegisters → expr.c sqlite3ExprIsInteger, TK_VARIABLE: sqlite3VdbeSetVarmask);
 * better-sqlite3 clears a statement's bindings after every run (query-macros.cpp), so every run of
 * one was prepared again. `+?` is an expression, which that check reads as no constant. Measured on
 * `SELECT p.* FROM posts p WHERE p.repost_of_id = ? … LIMIT ?` (a deletion's read): 34–52 µs a run,
 * 4.4–7.4 µs with `+?` or a literal (issue #23). Repositories never put a `?` inside SQL strings.
 */
export const unboundLimit = (sql: string) => sql.replace(/\bLIMIT\s+\?/gi, 'LIMIT +?');

export function openSqlite(file: string): Db {
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = ON');
  conn.pragma('busy_timeout = 5000');
  // 8 MB of page cache (better-sqlite3's build defaults to 16 MB): the OS caches the file too, and
  // a bulk seed otherwise leaves the whole 16 MB resident in an idle server.
  conn.pragma('cache_size = -8000');
  // Group commit runs each transaction of a group in a savepoint, and SQLite copies every page a
  // savepoint changes into its sub-journal, which spills to a temporary file past 64 KiB: a post
  // changes ~25 pages, so each one created, wrote (two pwrite calls a page) and unlinked a file.
  // In memory that is a copy (issue #23: 51 → 12 pwrite calls a post under strace; bench:writes
  // plain 303–332 → 248–268 µs a post). Sorts too big for an index then also sort in memory.
  conn.pragma('temp_store = MEMORY');

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = conn.prepare(unboundLimit(sql));
      statements.set(sql, s);
    }
    return s;
  };

  const direct: Queryable = {
    all: async <T = Row>(sql: string, params: Param[] = []) => prepare(sql).all(...normalise(params)) as T[],
    get: async <T = Row>(sql: string, params: Param[] = []) => prepare(sql).get(...normalise(params)) as T | undefined,
    run: async (sql: string, params: Param[] = []) => ({ changes: prepare(sql).run(...normalise(params)).changes }),
  };

  let lock: Promise<void> | null = null;
  const waitTurn = async () => {
    while (lock) await lock;
  };
  const guarded =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (lock) await waitTurn();
      return fn(...a);
    };

  // Group commit (docs/adr/0020): transactions asked for while one runs wait in `queue`, and the
  // next turn commits all of them at once, each inside its own savepoint. On a busy writer COMMIT
  // (the WAL write) and BEGIN are paid once per group instead of once per transaction.
  const control = (sql: string) => {
    const st = conn.prepare(sql);
    return () => void st.run();
  };
  const begin = control('BEGIN IMMEDIATE');
  const commit = control('COMMIT');
  const rollback = control('ROLLBACK');
  const named = (verb: string) => {
    const by = new Map(['aviary_tx', 'aviary_group'].map((name) => [name, control(`${verb} ${name}`)]));
    return (name: string) => by.get(name)!();
  };
  const savepoints: Savepoints = {
    savepoint: named('SAVEPOINT'),
    release: named('RELEASE'),
    rollbackTo: named('ROLLBACK TO'),
    // An error that ended the whole transaction (I/O, a full disk) takes the group with it.
    open: () => conn.inTransaction,
  };

  let queue: GroupJob[] = [];
  let draining = false;
  const checkpoints = walCheckpointer(
    file,
    (pages) => void conn.pragma(`wal_autocheckpoint = ${pages}`),
    () => waitTurn(),
  );

  /** One transaction for `jobs`; settles each job after the commit (or with the error that stopped it). */
  async function runGroup(jobs: GroupJob[]): Promise<void> {
    const group = groupTx(direct);
    let outcome: Outcome[];
    try {
      begin();
    } catch (error) {
      for (const j of jobs) j.reject(error);
      return;
    }
    try {
      outcome = await runJobs(jobs, group, savepoints);
      await group.flush();
      for (const sql of group.commitStatements()) prepare(sql).run();
      commit();
    } catch (error) {
      if (conn.inTransaction) rollback();
      for (const j of jobs) j.reject(error);
      return;
    }
    settle(jobs, outcome);
    group.afterCommit();
    checkpoints.committed();
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length) {
        await waitTurn();
        const held = checkpoints.held();
        if (held) {
          await held;
          continue;
        }
        const jobs = queue;
        queue = [];
        let open!: () => void;
        lock = new Promise<void>((r) => {
          open = r;
        });
        try {
          await runGroup(jobs);
        } finally {
          lock = null;
          open();
        }
        // Reads woken by the release run before the next group takes the connection again.
        if (queue.length) await new Promise<void>((r) => setImmediate(r));
      }
    } finally {
      draining = false;
    }
  }

  return {
    dialect: 'sqlite',
    embedded: true,
    location: file,
    all: guarded(direct.all) as Queryable['all'],
    get: guarded(direct.get) as Queryable['get'],
    run: guarded(direct.run),
    tx<T>(fn: (tx: Queryable) => Promise<T>, opts?: { group?: boolean }): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, group: opts?.group === true, resolve: resolve as (v: unknown) => void, reject });
        if (draining) return;
        // The group's window: the rest of this turn of the event loop. Requests whose reads ran in
        // the same turn (their I/O callbacks come in one poll phase) queue their transactions here.
        draining = true;
        setImmediate(() => void drain());
      });
    },
    async exec(sql) {
      await waitTurn();
      conn.exec(sql);
    },
    async exclusive(fn) {
      return fn();
    },
    // SQLite's data_version: moved by another connection's commit, never by this one's (nor by the
    // checkpointer's PASSIVE passes, which commit nothing).
    othersCommitted: guarded(async () => conn.pragma('data_version', { simple: true }) as number),
    async tables() {
      await waitTurn();
      return (
        conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
          name: string;
        }[]
      )
        .map((r) => r.name)
        .filter((n) => !n.includes('_fts'));
    },
    async close() {
      // Transactions already asked for (a group about to start) commit before the connection closes.
      while (draining || lock) {
        await waitTurn();
        if (draining) await new Promise<void>((r) => setImmediate(r));
      }
      await checkpoints.close();
      conn.close();
    },
  };
}
