// WAL checkpoints off the event loop (issue #23, docs/adr/0029). SQLite's automatic checkpoint runs
// inside the COMMIT that crosses 1,000 pages of log: it copies the log into the database file and
// syncs both, and better-sqlite3 is synchronous, so the whole event loop waits for the disk. Under a
// steady write load that was a fifth of the server's time (bench:firehose: 155 of 1,471 commits over
// 20 ms, 4 s of 33 s). Once a store writes that much, its checkpoints move to a worker thread with a
// connection of its own; the server's connection then only appends to the log.
//
// A checkpoint beside a busy writer never finds the whole log copied, and SQLite only starts the log
// again from its beginning when a write transaction begins on a fully copied log: left to itself the
// log would grow without end. So a pass copies what is there while writes go on, and when the log is
// long the next pass runs with the writes held (reads go on): it copies the little written meanwhile,
// and the next transaction starts the log again. The event loop is free throughout.
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** SQLite's own autocheckpoint threshold, in pages: the log is started again at about this length. */
export const RESTART_PAGES = 1_000;
/**
 * Between passes while writes go on. Each pass syncs both files, and copies once every page changed
 * since the last one, however often it changed: the tails of the indexes, page 1, an author's page of
 * `posts_author`, a common term's page of the postings change in nearly every commit. At 100 ms apart
 * the passes copied those again and again, ~10 % of a core beside bench:writes plain on SQLite; at
 * 500 ms ~1–2 % (the threads beside the event loop 35–37 → 25–28 µs a post), streams + webhook and
 * the firehose ~+6 % posts/s. At 1,000 ms the streams scenario, which reads more, lost again (a
 * longer log to look pages up in, longer held passes). Issue #23, ADR 0029 amended.
 */
const PAUSE_MS = 500;
/**
 * SQLite's default page size, which Aviary keeps: under SQLite's own checkpoints the log's file
 * reaches about RESTART_PAGES of them.
 */
const PAGE_BYTES = 4096;

// The worker's whole program: one connection, a PASSIVE checkpoint a message (PASSIVE never waits
// for the writer). Plain CommonJS given as text, so it runs the same from the sources and from dist.
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const conn = new Database(workerData.file);
const checkpoint = conn.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (m) => {
  if (m === 'close') {
    conn.close();
    parentPort.close();
    return;
  }
  try {
    const r = checkpoint.get();
    parentPort.postMessage({ log: r.log });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

type Reply = { log: number } | { error: string };

export type Checkpointer = {
  /** After each commit of the connection. */
  committed(): void;
  /** While a held pass runs, what a new write transaction waits for; null otherwise. */
  held(): Promise<void> | null;
  /** Stops the worker (after its pass) and closes its connection. */
  close(): Promise<void>;
};

/**
 * Watches the log of `file` and takes over its checkpoints (turning the connection's own off through
 * `ownCheckpoints`) once the log has been through a full cycle of them, that is once the store is
 * written steadily; a store written a little (most tests, an idle server) keeps SQLite's own and
 * starts no thread. A worker that fails gives them back for good.
 */
export function walCheckpointer(
  file: string,
  ownCheckpoints: (pages: number) => void,
  /** Resolves when no transaction of the connection is open. */
  idle: () => Promise<void>,
): Checkpointer {
  let worker: Worker | null = null;
  let failed = false;
  let closed = false;
  let commits = 0;
  let dirty = false;
  let running: Promise<void> | null = null;
  let holding: Promise<void> | null = null;
  /** The pass under way's answer: the loop runs one pass at a time. */
  let reply: ((r: Reply) => void) | null = null;
  let wake: (() => void) | null = null;

  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const w = new Worker(PROGRAM, { eval: true, workerData: { driver, file } });
    w.unref();
    w.on('message', (m: Reply) => {
      w.unref();
      answer(m);
    });
    w.on('error', () => fail(w));
    w.on('exit', () => fail(w));
    worker = w;
    ownCheckpoints(0);
  };
  const fail = (w: Worker) => {
    if (worker !== w) return;
    worker = null;
    failed = true;
    answer({ error: 'the checkpoint worker stopped' });
    if (!closed) ownCheckpoints(RESTART_PAGES);
  };
  const answer = (r: Reply) => {
    const to = reply;
    reply = null;
    to?.(r);
  };
  const pass = () =>
    new Promise<Reply>((resolve) => {
      if (!worker) return resolve({ error: 'no checkpoint worker' });
      reply = resolve;
      // Referenced while a pass is owed: a held pass has writes waiting on it.
      worker.ref();
      worker.postMessage('pass');
    });
  /** The writes held (reads go on) while the last frames are copied: the next write starts the log again. */
  const heldPass = async () => {
    let release!: () => void;
    holding = new Promise<void>((resolve) => (release = resolve));
    try {
      await idle();
      await pass();
    } finally {
      holding = null;
      release();
    }
  };

  const loop = async () => {
    while (dirty && worker && !closed) {
      dirty = false;
      const r = await pass();
      if ('error' in r) break;
      if (r.log >= RESTART_PAGES) await heldPass();
      if (closed) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, PAUSE_MS).unref();
      });
      wake = null;
    }
    running = null;
  };

  return {
    committed() {
      if (closed || failed) return;
      if (!worker) {
        // Every 64th commit: has the log been through a full cycle of the connection's own checkpoints?
        if (++commits % 64 !== 0) return;
        let size = 0;
        try {
          size = statSync(`${file}-wal`).size;
        } catch {
          return;
        }
        if (size < RESTART_PAGES * PAGE_BYTES) return;
        try {
          start();
        } catch {
          // No thread to be had (a resource limit): SQLite's own checkpoints go on.
          failed = true;
          return;
        }
      }
      dirty = true;
      running ??= loop();
    },
    held: () => holding,
    async close() {
      closed = true;
      wake?.();
      await running;
      const w = worker;
      worker = null;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.ref();
      w.postMessage('close');
      await exited;
    },
  };
}
