// Where the search index's documents, postings and state live (ADR 0009, amended by issue #23): in
// PostgreSQL's own tables, and on SQLite in a file beside the store written by a worker thread
// (store/sqlite.side.ts, migration 0046), so that its batches hold neither the store's one writer nor
// the event loop. The change queue stays in the store on both: the triggers on `posts` fill it in
// the writer's own transaction.
import { randomUUID } from 'node:crypto';
import type { RuntimeBase } from '../../deps.js';
import { openSideFile, type SideFile, type SideWriter } from '../../store/sqlite.side.js';
import type { Db, Queryable } from '../../store/index.js';
import { fileItems, type FileItem } from './search.file.js';
import { KEYS_VERSION } from './search.keys.js';
import { searchRepo } from './search.repo.js';

/** One batch's work: its answer, and what the store must write once the index has committed. */
type BatchResult<T> = { result: T; after?: (q: Queryable) => Promise<void> };

export type SearchIndex = {
  /** Where the index's reads go. */
  reads: Queryable;
  /** The background pump's batches (search.indexer.ts): how many posts at most, how often. */
  background: { batch: number; idleMs: number };
  /**
   * One batch: `fn` reads and writes the index through `index` and the store through `store` (the
   * queue, the posts). PostgreSQL: one transaction for both, `after` inside it. The side file: the
   * index's writes in one transaction of the worker's, then `after` in one of the store's; a batch
   * whose reads another process's write overtook runs again.
   */
  batch<T>(fn: (index: Queryable, store: Queryable) => Promise<BatchResult<T>>): Promise<T>;
  /**
   * Files `items` through a batch's `index` (search.file.ts): on the event loop for PostgreSQL, in the
   * side file's writer thread on SQLite, where the posts' keys are derived and their postings written.
   */
  file(index: Queryable, items: FileItem[]): Promise<void>;
  /**
   * The side file indexes this store's posts (the name in `search_file` is the file's own), or is
   * emptied, named anew, and every live post queued: after a reset, a snapshot's load, a missing or
   * foreign file. PostgreSQL's tables are the store's: nothing to check.
   */
  ensure(): Promise<void>;
  stop(): Promise<void>;
};

declare module '../../deps.js' {
  interface Runtime {
    searchIndex: SearchIndex;
  }
}

/** The side file's tables: as migration 0008 made them in the store (the queue aside). */
const SIDE_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_docs (
  seq TEXT PRIMARY KEY,
  id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  keys TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS search_docs_time ON search_docs (created_at, seq);
CREATE TABLE IF NOT EXISTS search_postings (
  term TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  seq TEXT NOT NULL,
  PRIMARY KEY (term, created_at, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS search_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID`;

/** `aviary.db` → `aviary.search.db`, beside it. */
const sideFileOf = (store: string) => store.replace(/(\.db)?$/, '.search.db');

export function createSearchIndex({ db }: RuntimeBase): SearchIndex {
  if (db.dialect !== 'sqlite') return inStore(db);
  // The writer thread runs search.file.ts (from src under tsx, as the tests run, or from dist).
  const calls = new URL(`./search.file.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href;
  return beside(db, openSideFile(sideFileOf(db.location), SIDE_SCHEMA, calls));
}

/**
 * In the store's tables, short transactions with the event loop free between them: 200 posts, since a
 * pass stops at its first batch short of it (drainIndex): a pass then takes ~250 ms of a firehose's
 * posts in a few batches with turns between them, where 500-post batches back to back held the event
 * loop long enough to slow PostgreSQL's write lane (bench:firehose PostgreSQL, 15 s: 3,363 / 3,335
 * posts/s at 500 against 3,437 / 3,593 at 200 and 3,392–3,553 before the stop).
 */
const IN_STORE = { batch: 200, idleMs: 250 };
/**
 * In the side file, the writer's transactions are larger: each writes the pages its posts' terms
 * share once; the event loop reads the posts in slices between turns (search.indexer.ts `SLICE`), the
 * writer keys them (search.file.ts). bench:writes plain on SQLite, the writer's thread: 24–27 % of a
 * core at 200 posts a batch, 15–19 % at 1,000 (issue #23, with the keys still derived on the event
 * loop). A pass still stops at its first short batch: at 2,500–3,000 posts/s a step takes what 250 ms
 * queued in one batch.
 */
const BESIDE = { batch: 1000, idleMs: 250 };

function inStore(db: Db): SearchIndex {
  return {
    reads: db,
    background: IN_STORE,
    batch: (fn) =>
      db.tx(async (tx) => {
        const { result, after } = await fn(tx, tx);
        await after?.(tx);
        return result;
      }),
    file: fileItems,
    ensure: async () => undefined,
    stop: async () => undefined,
  };
}

function beside(db: Db, side: SideFile): SearchIndex {
  return {
    reads: side.reads,
    background: BESIDE,
    async batch(fn) {
      let after: BatchResult<unknown>['after'];
      const result = await side.write(async (index) => {
        const r = await fn(index, db);
        after = r.after;
        return r.result;
      });
      if (after) await db.tx(after);
      return result;
    },
    // `index` is the side file's writer (`batch`): the call runs fileItems there.
    file: (index, items) => (index as SideWriter).call('fileItems', items),
    async ensure() {
      const ours = await searchRepo.storeFileName(db);
      if (ours !== null && ours === (await searchRepo.fileName(side.reads))) return;
      // The store first: a crash before the file is named leaves the names apart, and the next drain
      // does this again.
      const id = randomUUID();
      await db.tx((tx) => searchRepo.startFile(tx, id));
      await side.write((q) => searchRepo.emptyFile(q, id, KEYS_VERSION));
    },
    stop: () => side.close(),
  };
}
