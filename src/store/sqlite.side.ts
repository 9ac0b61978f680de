// A side file: a second SQLite database beside the store, read on the event loop and written only by
// a worker thread's connection (issue #23). It holds what is derived from the store and written in
// large batches (the search index: search.store.ts), so that those batches never hold the store's
// one writer, nor the event loop: SQLite has one writer a file, and a second connection writing the
// store's own file made the event loop's writes wait for each batch (bench/NOTES.md, twenty-eighth
// pass). A file of its own also has its own log and page cache: its commits do not reset the
// store's pages.
//
// A write is optimistic: `write(fn)` runs `fn` with the file's reads answered at once and its
// statements recorded, then the worker runs them in one transaction, provided no other write
// committed since `fn` began reading (a counter in the file); otherwise `fn` runs again. Within one
// process writes are serialised by their callers; the counter keeps two processes on one file from
// writing on what they read before the other's write.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Param, Queryable, Row } from './db.js';
import { normalise, unboundLimit } from './sqlite.js';

// The worker's whole program: one connection, one transaction a message. Plain CommonJS given as text,
// so it runs the same from the sources and from dist (as sqlite.checkpoint.ts's).
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const conn = new Database(workerData.file);
conn.pragma('synchronous = NORMAL');
conn.pragma('busy_timeout = 5000');
conn.pragma('cache_size = -8000');
conn.pragma('temp_store = MEMORY');
// Checkpoints on a timer instead of SQLite's own at 1,000 pages: a batch of the search index writes
// ~650 pages, so SQLite's ran in every other commit and copied the pages every batch changes (the
// tails of the common terms' postings) again each time: COMMIT took 16 ms a batch, 8–11 ms with a
// PASSIVE pass every 0.5–2 s (issue #23, bench:writes plain). This connection is the file's only
// writer, so a pass finds the whole log copied unless a read holds it, and the next write
// transaction starts the log again.
conn.pragma('wal_autocheckpoint = 0');
const checkpoint = conn.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let checkpointed = Date.now();
const statements = new Map();
// As the store prepares and binds (sqlite.ts \`unboundLimit\`, \`normalise\`).
const prepare = (sql) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = conn.prepare(sql.replace(/\\bLIMIT\\s+\\?/gi, 'LIMIT +?'))));
  return s;
};
const bind = (params) => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
// What a call of the calls' module reads and writes through: this connection, inside the message's transaction.
const q = {
  all: async (sql, params = []) => prepare(sql).all(...bind(params)),
  get: async (sql, params = []) => prepare(sql).get(...bind(params)),
  run: async (sql, params = []) => ({ changes: prepare(sql).run(...bind(params)).changes }),
};
const claim = conn.prepare('UPDATE side_writes SET n = n + 1 WHERE id = 1 AND n = ?');
const begin = conn.prepare('BEGIN IMMEDIATE');
const commit = conn.prepare('COMMIT');
const rollback = conn.prepare('ROLLBACK');
async function handle(text, calls) {
  if (text === 'close') {
    // What is left in the log is copied when the file's last connection closes (SQLite's own).
    conn.close();
    parentPort.close();
    return;
  }
  const m = JSON.parse(text);
  try {
    begin.run();
    try {
      if (claim.run(m.expect).changes !== 1) {
        rollback.run();
        parentPort.postMessage({ id: m.id, conflict: true });
        return;
      }
      for (const step of m.steps) {
        if (Array.isArray(step)) await q.run(step[0], step[1]);
        else await calls[step.call](q, step.arg);
      }
      commit.run();
    } catch (error) {
      if (conn.inTransaction) rollback.run();
      throw error;
    }
    parentPort.postMessage({ id: m.id });
    if (Date.now() - checkpointed >= 1000) {
      checkpoint.get();
      checkpointed = Date.now();
    }
  } catch (error) {
    parentPort.postMessage({ id: m.id, error: String((error && error.message) || error) });
  }
}
// The calls' module loaded first (from src through tsx's loader, as http.thread.ts loads its worker's):
// messages wait on the port until the listener is in place, then run one after another.
(async () => {
  let calls = {};
  if (workerData.calls) {
    if (workerData.calls.endsWith('.ts')) (await import('tsx/esm/api')).register();
    calls = await import(workerData.calls);
  }
  let last = Promise.resolve();
  parentPort.on('message', (text) => {
    last = last.then(() => handle(text, calls));
  });
})();
`;

type Reply = { id: number; conflict?: true; error?: string };

/**
 * What a write's `fn` writes through: statements recorded, and calls of the file's calls module
 * (`openSideFile`), each run in the worker, in order, in the write's transaction.
 */
export type SideWriter = Queryable & {
  /** Runs `name` of the calls module there with this connection and `arg` (plain data: it is sent as JSON). */
  call(name: string, arg: unknown): Promise<void>;
};

export type SideFile = {
  /** Reads of the file, on the event loop (WAL: they never wait for the worker's writes). */
  reads: Queryable;
  /** Runs `fn` (reads answered, statements and calls recorded), then what it recorded in one transaction. */
  write<T>(fn: (q: SideWriter) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** A recorded step: a statement and its parameters, or a call of the calls module. */
type Step = [string, Param[]] | { call: string; arg: unknown };

/** A `fn` that met other writes this many times in a row gives up (another process writing without end). */
const ATTEMPTS = 20;

/**
 * Opens (creating it if need be) the side file `file` with `schema` (idempotent DDL: IF NOT EXISTS).
 * `calls`: the URL of a module whose exports, `(q: Queryable, arg) => Promise<void>`, writes may call
 * to run work in the writer's thread rather than on the event loop.
 */
export function openSideFile(file: string, schema: string, calls?: string): SideFile {
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('cache_size = -8000');
  conn.exec(
    `${schema};
     CREATE TABLE IF NOT EXISTS side_writes (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
     INSERT INTO side_writes (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`,
  );
  const statements = new Map<string, Database.Statement>();
  // Prepared as the store's are (sqlite.ts `unboundLimit`): the index's walks end in `LIMIT ?`.
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = conn.prepare(unboundLimit(sql))));
    return s;
  };
  const writes = conn.prepare('SELECT n FROM side_writes WHERE id = 1').pluck();
  const reads: Queryable = {
    all: async <T = Row>(sql: string, params: Param[] = []) => prepare(sql).all(...normalise(params)) as T[],
    get: async <T = Row>(sql: string, params: Param[] = []) => prepare(sql).get(...normalise(params)) as T | undefined,
    run: async () => {
      throw new Error('a side file is written through write()');
    },
  };

  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(PROGRAM, { eval: true, workerData: { driver, file, calls } });
  worker.unref();
  const owed = new Map<number, (r: Reply) => void>();
  let next = 0;
  let stopped: string | null = null;
  const settleAll = (error: string) => {
    stopped ??= error;
    for (const [id, to] of owed) to({ id, error });
    owed.clear();
  };
  worker.on('message', (r: Reply) => {
    const to = owed.get(r.id);
    owed.delete(r.id);
    if (owed.size === 0) worker.unref();
    to?.(r);
  });
  worker.on('error', (err) => settleAll(`the side file's writer failed: ${err.message}`));
  worker.on('exit', () => settleAll("the side file's writer stopped"));
  const send = (expect: number, steps: Step[]) =>
    new Promise<Reply>((resolve) => {
      const id = ++next;
      if (stopped) return resolve({ id, error: stopped });
      owed.set(id, resolve);
      // Referenced while a write is owed: a caller is waiting on it.
      worker.ref();
      // One string: a structured clone of thousands of parameters cost ~4 times its JSON (issue #23).
      worker.postMessage(JSON.stringify({ id, expect, steps }));
    });

  return {
    reads,
    async write<T>(fn: (q: SideWriter) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const expect = writes.get() as number;
        const recorded: Step[] = [];
        const q: SideWriter = {
          all: reads.all,
          get: reads.get,
          // Bound in the worker (booleans as 0/1), as its calls' statements are.
          run: async (sql, params = []) => {
            recorded.push([sql, params]);
            return { changes: 0 };
          },
          call: async (call, arg) => {
            recorded.push({ call, arg });
          },
        };
        const result = await fn(q);
        if (recorded.length === 0) return result;
        const r = await send(expect, recorded);
        if (r.error !== undefined) throw new Error(r.error);
        if (!r.conflict) return result;
        if (attempt >= ATTEMPTS) throw new Error(`${file}: other writes kept overtaking this one`);
      }
    },
    async close() {
      if (!stopped) {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.ref();
        worker.postMessage('close');
        await exited;
      }
      conn.close();
    },
  };
}
