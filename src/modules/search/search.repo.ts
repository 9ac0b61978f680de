// Every SQL statement of the search index: the change queue, the drain lock, docs and postings
// writes, and the candidate reads. Portable SQL only (both stores run the same statements).
import { marks, type Param, type Queryable } from '../../store/db.js';
import { insertRows } from '../../store/insert.js';
import { flatten } from '../../shared/arrays.js';

/** Every live post queued, in the order migration 0008 queued them. */
const REQUEUE_ALL =
  "INSERT INTO search_queue (post_id, op, created_at) SELECT id, 'i', created_at FROM posts WHERE superseded_by IS NULL ORDER BY seq";

export type QueueRow = { n: number; post_id: string; op: 'i' | 'u' | 'x' | 'd'; created_at: number };
export type DocRow = { seq: string; id: string; created_at: number; keys: string };
export type Posting = { term: string; created_at: number; seq: string };
/** A candidate: its place in the order and, when read, the keys it filed. */
export type Hit = { created_at: number; seq: string; keys?: string[] };

/** A key that must be present (or, `present: false`, absent). */
export type Literal = { key: string; present: boolean };
/** The postings of `key` (null: every indexed post), only those meeting `probe` if given. */
export type Walk = { key: string | null; probe?: Literal };

/** Where candidates may lie: [start, end) in time, (since, until) in seq, strictly below `below`. */
export type Bounds = {
  start: number;
  end: number;
  sinceSeq?: string;
  untilSeq?: string;
  below?: { createdAt: number; seq: string };
};

const POSTING_COLUMNS = ['term', 'created_at', 'seq'] as const;
const DOC_COLUMNS = ['seq', 'id', 'created_at', 'keys'] as const;

const CHUNK = 300;

function boundsSql(b: Bounds, params: Param[]): string {
  let sql = 'a.created_at >= ? AND a.created_at < ?';
  params.push(b.start, b.end);
  // (created_at, seq) < below, written so both planners use the index range on created_at.
  if (b.below) {
    sql += ' AND a.created_at <= ? AND (a.created_at < ? OR a.seq < ?)';
    params.push(b.below.createdAt, b.below.createdAt, b.below.seq);
  }
  if (b.sinceSeq !== undefined) {
    sql += ' AND a.seq > ?';
    params.push(b.sinceSeq);
  }
  if (b.untilSeq !== undefined) {
    sql += ' AND a.seq < ?';
    params.push(b.untilSeq);
  }
  return sql;
}

const ORDER = ' ORDER BY a.created_at DESC, a.seq DESC LIMIT ?';

/** One bounded walk: a key's postings (null: every indexed post) in (created_at, seq) descending
 * order, those offering (or not) the probe's key only, with each post's filed keys when asked. A
 * few shapes in all, whatever the query, so each is prepared once. */
function walkSql(w: Walk, withKeys: boolean, b: Bounds, limit: number, params: Param[]): string {
  const keys = withKeys
    ? w.key === null
      ? ', a.keys'
      : ', (SELECT d.keys FROM search_docs d WHERE d.seq = a.seq) AS keys'
    : '';
  let sql = `SELECT a.created_at, a.seq${keys} FROM `;
  if (w.key === null) sql += 'search_docs a WHERE ';
  else {
    sql += 'search_postings a WHERE a.term = ? AND ';
    params.push(w.key);
  }
  sql += boundsSql(b, params);
  if (w.probe) {
    sql += ` AND ${w.probe.present ? '' : 'NOT '}EXISTS (SELECT 1 FROM search_postings f WHERE f.term = ? AND f.created_at = a.created_at AND f.seq = a.seq)`;
    params.push(w.probe.key);
  }
  params.push(limit);
  return sql + ORDER;
}

/** Postings of `key` in the bounds whose post also offers every `all` key, and not every key of
 * any `none` entry (a one-key entry: not that key). */
export type KeywordWalk = { key: string; all: string[]; none: string[][] };

function keywordWhere(w: KeywordWalk, b: Bounds, params: Param[]): string {
  const has = (keys: string[]) => {
    params.push(...keys);
    const terms = keys.length === 1 ? 'f.term = ?' : `f.term IN (${marks(keys.length)})`;
    return `EXISTS (SELECT 1 FROM search_postings f WHERE ${terms} AND f.created_at = a.created_at AND f.seq = a.seq)`;
  };
  params.push(w.key);
  let sql = `FROM search_postings a WHERE a.term = ? AND ${boundsSql(b, params)}`;
  for (const k of w.all) sql += ` AND ${has([k])}`;
  const single = w.none.filter((n) => n.length === 1).map((n) => n[0]!);
  if (single.length) sql += ` AND NOT ${has(single)}`;
  for (const n of w.none.filter((x) => x.length > 1)) sql += ` AND NOT (${n.map((k) => has([k])).join(' AND ')})`;
  return sql;
}

export const searchRepo = {
  // ---- the change queue and the drain lock ----
  firstQueued: (db: Queryable) => db.get<{ n: number }>('SELECT n FROM search_queue ORDER BY n LIMIT 1'),
  queued: (db: Queryable, limit: number) =>
    db.all<QueueRow>('SELECT n, post_id, op, created_at FROM search_queue ORDER BY n LIMIT ?', [limit]),
  async dequeue(db: Queryable, ns: number[]): Promise<void> {
    for (let i = 0; i < ns.length; i += CHUNK) {
      const part = ns.slice(i, i + CHUNK);
      await db.run(`DELETE FROM search_queue WHERE n IN (${marks(part.length)})`, part);
    }
  },
  /**
   * Queues every live post for (re)indexing: used when the key derivation changed. From the posts, not
   * the docs: on SQLite the docs are in a file of their own (search.store.ts).
   */
  async requeueAll(db: Queryable): Promise<void> {
    await db.run(REQUEUE_ALL);
  },
  // ---- SQLite's side file (search.store.ts) ----
  /** The name of the side file that indexes this store's posts, as the store has it. */
  storeFileName: async (db: Queryable) => (await db.get<{ id: string }>('SELECT id FROM search_file'))?.id ?? null,
  /** The name the side file gives itself. */
  fileName: async (db: Queryable) =>
    (await db.get<{ value: string }>("SELECT value FROM search_state WHERE name = 'file'"))?.value ?? null,
  /** In the store: the side file to be named `id`, and every live post queued for it. */
  async startFile(db: Queryable, id: string): Promise<void> {
    await db.run('DELETE FROM search_file');
    await db.run('INSERT INTO search_file (id) VALUES (?)', [id]);
    await db.run('DELETE FROM search_queue');
    await db.run(REQUEUE_ALL);
  },
  /** In the side file: nothing filed, the file named `id`, its keys derived as `version`. */
  async emptyFile(db: Queryable, id: string, version: string): Promise<void> {
    await db.run('DELETE FROM search_postings');
    await db.run('DELETE FROM search_docs');
    await db.run('DELETE FROM search_state');
    await db.run("INSERT INTO search_state (name, value) VALUES ('file', ?), ('keys_version', ?)", [id, version]);
  },
  /** Takes the drain lock row for the rest of the transaction (PostgreSQL row lock; SQLite's
   * write transaction is exclusive already) and returns the stored key-derivation version. */
  async lock(db: Queryable): Promise<string | null> {
    await db.run(
      "INSERT INTO search_state (name, value) VALUES ('lock', '') ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    );
    return (
      (await db.get<{ value: string }>("SELECT value FROM search_state WHERE name = 'keys_version'"))?.value ?? null
    );
  },
  async setVersion(db: Queryable, version: string): Promise<void> {
    await db.run(
      "INSERT INTO search_state (name, value) VALUES ('keys_version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [version],
    );
  },

  // ---- docs and postings ----
  async docs(db: Queryable, seqs: string[]): Promise<DocRow[]> {
    const out: DocRow[] = [];
    for (let i = 0; i < seqs.length; i += CHUNK) {
      const part = seqs.slice(i, i + CHUNK);
      out.push(
        ...(await db.all<DocRow>(
          `SELECT seq, id, created_at, keys FROM search_docs WHERE seq IN (${marks(part.length)})`,
          part,
        )),
      );
    }
    return out.map((d) => ({ ...d, created_at: Number(d.created_at) }));
  },
  /** Docs of posts not filed yet (the drain read their seqs and found none): plain INSERTs, as the postings. */
  addDocs: (db: Queryable, rows: DocRow[]) => insertRows(db, 'search_docs', DOC_COLUMNS, rows, CHUNK),
  /** Docs filed already whose keys or time changed. */
  async putDocs(db: Queryable, rows: DocRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await db.run(
        `INSERT INTO search_docs (seq, id, created_at, keys) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}
         ON CONFLICT (seq) DO UPDATE SET created_at = excluded.created_at, keys = excluded.keys`,
        flatten(part, (d) => [d.seq, d.id, d.created_at, d.keys]),
      );
    }
  },
  async dropDocs(db: Queryable, seqs: string[]): Promise<void> {
    for (let i = 0; i < seqs.length; i += CHUNK) {
      const part = seqs.slice(i, i + CHUNK);
      await db.run(`DELETE FROM search_docs WHERE seq IN (${marks(part.length)})`, part);
    }
  },
  /**
   * Plain INSERTs: a post's postings are its doc's keys, both written in the drain's one transaction
   * under the drain lock, and the indexer adds only keys its doc did not file (search.indexer.ts
   * `apply`), so a posting is never there already. ON CONFLICT DO NOTHING made each row a speculative
   * insertion, ~40 % dearer on PostgreSQL, where these INSERTs are half of the firehose's execution
   * time (issue #23, bench/NOTES.md "eighteenth pass"); a broken invariant now fails the drain loudly.
   */
  addPostings: (db: Queryable, rows: Posting[]) => insertRows(db, 'search_postings', POSTING_COLUMNS, rows, CHUNK),
  /**
   * A statement a chunk, each row found by its primary key (both stores' plans). A deleted post drops
   * all its postings, ~12: one statement each was a round trip each on PostgreSQL (issue #23,
   * bench:actions). VALUES parameters are text on PostgreSQL, hence the cast.
   */
  async dropPostings(db: Queryable, rows: Posting[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await db.run(
        `DELETE FROM search_postings WHERE (term, created_at, seq) IN (VALUES ${part.map(() => '(?, CAST(? AS BIGINT), ?)').join(', ')})`,
        flatten(part, (p) => [p.term, p.created_at, p.seq]),
      );
    }
  },

  // ---- reads ----
  /** How many postings of `key` lie in the bounds, counting no further than `cap`. */
  async countUpTo(db: Queryable, key: string | null, b: Bounds, cap: number): Promise<number> {
    const params: Param[] = key === null ? [] : [key];
    const from = key === null ? 'search_docs a WHERE ' : 'search_postings a WHERE a.term = ? AND ';
    const inner = `SELECT 1 AS x FROM ${from}${boundsSql(b, params)} LIMIT ?`;
    params.push(cap);
    const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${inner}) c`, params);
    return Number(row?.n ?? 0);
  },
  /** Every author with an indexed post: a loose index scan over the `f:` keys, one seek per author. */
  async authors(db: Queryable): Promise<string[]> {
    const rows = await db.all<{ term: string }>(
      `WITH RECURSIVE a(term) AS (
         SELECT MIN(term) FROM search_postings WHERE term > 'f:' AND term < 'f;'
         UNION ALL
         SELECT (SELECT MIN(p.term) FROM search_postings p WHERE p.term > a.term AND p.term < 'f;') FROM a WHERE a.term IS NOT NULL
       ) SELECT term FROM a WHERE term IS NOT NULL`,
    );
    return rows.map((r) => r.term.slice(2));
  },
  /** Up to `limit` posts of a keyword walk within the bounds, newest first (keyword insights). */
  async keywordWalk(db: Queryable, w: KeywordWalk, b: Bounds, limit: number): Promise<Hit[]> {
    const params: Param[] = [];
    const sql = `SELECT a.created_at, a.seq ${keywordWhere(w, b, params)}${ORDER}`;
    params.push(limit);
    const rows = await db.all<{ created_at: number; seq: string }>(sql, params);
    return rows.map((r) => ({ created_at: Number(r.created_at), seq: r.seq }));
  },
  /** How many posts any of the walks finds (each post once), per bucket of `size` ms from `origin`:
   * counted in one statement, no row leaving the database (90,000 rows read out cost 300 ms). */
  async keywordBuckets(
    db: Queryable,
    walks: KeywordWalk[],
    b: Bounds,
    origin: number,
    size: number,
  ): Promise<{ bucket: number; n: number }[]> {
    const params: Param[] = [];
    const parts = walks.map((w) => {
      params.push(origin, size);
      return `SELECT (a.created_at - CAST(? AS BIGINT)) / CAST(? AS BIGINT) AS bucket, a.seq ${keywordWhere(w, b, params)}`;
    });
    const rows = await db.all<{ bucket: number; n: number }>(
      `SELECT u.bucket, COUNT(*) AS n FROM (${parts.join(' UNION ')}) u GROUP BY u.bucket`,
      params,
    );
    return rows.map((r) => ({ bucket: Number(r.bucket), n: Number(r.n) }));
  },
  /** Up to `limit` posts of the walk within the bounds, newest first; `withKeys` also reads the
   * keys each one filed. */
  async walk(db: Queryable, w: Walk, b: Bounds, limit: number, withKeys: boolean): Promise<Hit[]> {
    const params: Param[] = [];
    const rows = await db.all<{ created_at: number; seq: string; keys?: string }>(
      walkSql(w, withKeys, b, limit, params),
      params,
    );
    return rows.map((r) => ({
      created_at: Number(r.created_at),
      seq: r.seq,
      keys: r.keys === undefined ? undefined : (JSON.parse(r.keys) as string[]),
    }));
  },
};
