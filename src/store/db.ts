// The store's one interface. Repositories write portable SQL with `?` placeholders and never ask
// which database is underneath; the drivers (sqlite.ts, postgres.ts) translate what must differ.

export type Row = Record<string, unknown>;
export type Param = string | number | bigint | boolean | null | Buffer;

export interface Queryable {
  all<T = Row>(sql: string, params?: Param[]): Promise<T[]>;
  get<T = Row>(sql: string, params?: Param[]): Promise<T | undefined>;
  run(sql: string, params?: Param[]): Promise<{ changes: number }>;
  /**
   * Inside a transaction: `sql`, a statement without parameters, runs once with the transaction's
   * commit, however many times it is asked for under the same `key` (a table's generation token is
   * replaced once per commit, not once per row written; docs/adr/0020), after every other statement,
   * the keys in order. PostgreSQL sends it in the commit's own round trip. Absent outside a
   * transaction: run it at once.
   */
  atCommit?(key: string, sql: string): void;
  /**
   * Inside a transaction: calls `fn` once after the transaction commits (not at all if it rolls
   * back), however many times it is asked for under the same `key`. For wake-ups of this process's
   * readers, which would find nothing before the commit; it may also follow a job of the group that
   * was undone to its savepoint, so it must be harmless then. Absent outside a transaction: call at once.
   */
  afterCommit?(key: string, fn: () => void): void;
  /**
   * Inside a transaction: `row` waits with the others asked under `key` and `write` writes them all in
   * one call when the job's run ends (store/group.ts), before the jobs after it run. Absent outside a
   * transaction: write at once. Use `writeLater`.
   */
  later?<R>(key: string, row: R, write: (q: Queryable, rows: R[]) => Promise<void>, opts?: LaterOptions): void;
  /**
   * Inside a transaction: writes now the rows waiting under `key` (`later`), for a statement that reads
   * them; with `needed`, only when one of them is a row the statement could read.
   */
  writeWaiting?(key: string, needed?: (row: never) => boolean): Promise<void>;
  /**
   * Statements asked one after another without waiting for each answer are sent together and run in
   * the order asked (PostgreSQL's pipeline mode, on a transaction's connection): a run's kinds of
   * waiting rows written `oneShot` take one round trip between them, not one each (store/group.ts).
   */
  readonly pipelined?: boolean;
}

/**
 * `oneShot`: the writer asks for every statement it runs before it awaits anything (chunks sent
 * together, their answers read after), so that on a pipelined connection the next kind's writer may
 * start at once and its statements still run after these (store/group.ts `flush`, which refuses a
 * statement asked later).
 */
export type LaterOptions = { oneShot?: boolean };
export const ONE_SHOT = { oneShot: true } as const satisfies LaterOptions;

/**
 * `n` placeholders, `?, ?, …` (none for 0), for an IN list or a row of VALUES. Built with `repeat`:
 * `Array.from({ length: n }, () => '?')` took 35 µs for 300 on Node 20 (the search indexer's batch
 * statements; issue #23, bench/NOTES.md "twenty-first pass").
 */
export const marks = (n: number): string => (n > 0 ? '?, '.repeat(n - 1) + '?' : '');

export type Dialect = 'sqlite' | 'postgres';

export interface Db extends Queryable {
  readonly dialect: Dialect;
  /** Where the data lives, for the banner: a file path or a redacted URL. */
  readonly location: string;
  /**
   * True for the embedded store: every write of this process goes through one connection, in turn,
   * and normally no other process writes (one may open the same file; rare, and seen later). Caches
   * and ledgers may then trust what this process wrote; with PostgreSQL other processes write at once.
   */
  readonly embedded: boolean;
  /**
   * The embedded store only: a number that changes when another connection (another process sharing
   * the file) commits, and not when this one does. A reader that tails what this process writes in
   * commit order may skip looking for what others committed late while it holds. Absent on PostgreSQL.
   */
  othersCommitted?(): Promise<number>;
  /**
   * Runs fn in one transaction; a thrown error rolls everything back. Transactions that wait for
   * their turn may be committed together (group commit, docs/adr/0020): each still runs alone, in
   * order, inside its own savepoint, so one that throws leaves no trace and the others stand; none
   * resolves before the commit that makes it durable. On the embedded store every transaction may be
   * grouped (they are serialised anyway); on PostgreSQL only those asked with `group: true` (short
   * writes of the write path), which then run one group at a time.
   */
  tx<T>(fn: (tx: Queryable) => Promise<T>, opts?: { group?: boolean }): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Serialises fn across every process sharing the database (migrations, worker leases). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Names of every table in the store (the current schema on PostgreSQL). */
  tables(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The tables a reset keeps: Aviary's own bookkeeping, and what a reset never touched while it lived in
 * each process's memory and still does not now that nodes share it (migration 0036): fault rules, the
 * journal, rate-limit overrides, open activity streams.
 */
export const KEEP_ON_RESET = new Set([
  'aviary_migrations',
  'aviary_settings',
  'aviary_workers',
  'fault_rules',
  'journal_entries',
  'rate_limit_overrides',
  'activity_connections',
]);

/** Calls `fn` once after the commit of the transaction `q` belongs to, or at once outside one. */
export function onceAfterCommit(q: Queryable, key: string, fn: () => void): void {
  if (q.afterCommit) q.afterCommit(key, fn);
  else fn();
}

/**
 * Runs `sql` (no parameters) once with the commit of the transaction `q` belongs to, in the commit's
 * round trip on PostgreSQL (issue #23: a group's token writes were two of its ~10), or at once outside one.
 */
export async function atCommit(q: Queryable, key: string, sql: string): Promise<void> {
  if (q.atCommit) q.atCommit(key, sql);
  else await q.run(sql);
}

/** A generation token as the store replaces it (shared/row-cache.ts `generationToken`). */
type Token = { replaceSql(): string; changed(): void };

/**
 * Replaces `token` once with the commit of the transaction `q` belongs to (at once outside one): a
 * group of creations replaces it once. The process's memo of it is forgotten now and again once
 * committed: a read sent before the commit answered with the old value.
 */
export async function replaceAtCommit(q: Queryable, key: string, token: Token): Promise<void> {
  token.changed();
  await atCommit(q, key, token.replaceSql());
  onceAfterCommit(q, key, token.changed);
}

/**
 * Writes `row` with `write(q, rows)`: at once outside a transaction; inside one, with the other rows
 * asked under `key` in one call when the job's run ends (a statement for a run of grouped writes where
 * there was one a job: issue #23). The rows are not there to read until then: for rows the jobs of a
 * run do not read back (outbox events, counter changes, index rows), or that a repository writes first
 * (`writeWaiting`) before each statement of its own that could read them. `key` names the kind of row,
 * and sorts the kinds' writes, so every transaction takes their locks in one order.
 */
export async function writeLater<R>(
  q: Queryable,
  key: string,
  row: R,
  write: (q: Queryable, rows: R[]) => Promise<void>,
  opts?: LaterOptions,
): Promise<void> {
  if (q.later) q.later(key, row, write, opts);
  else await write(q, [row]);
}

/**
 * Runs `ask` once per part and awaits every answer, each statement asked before any answer is awaited
 * (a `oneShot` writer's chunks: LaterOptions). The first failure, in part order, is thrown once all
 * have answered, so that nothing is still running on the connection when the caller goes on.
 */
export async function askAll<P, T>(parts: readonly P[], ask: (part: P) => Promise<T>): Promise<T[]> {
  return firstFailure(await Promise.allSettled(parts.map(ask)));
}

/** The values of settled promises, or the first rejection's reason thrown. */
export function firstFailure<T>(settled: PromiseSettledResult<T>[]): T[] {
  const out = new Array<T>(settled.length);
  for (let i = 0; i < settled.length; i++) {
    const r = settled[i]!;
    if (r.status === 'rejected') throw r.reason;
    out[i] = r.value;
  }
  return out;
}

/**
 * Writes now the rows that wait under `key` in the transaction `q` belongs to (writeLater), so that the
 * statement about to run sees them; nothing outside a transaction, where they were written at once.
 * `needed` says which rows the statement could read (a row by its id, say): when none of those waiting
 * is one, they keep waiting for the run's end, written with the others in one statement.
 */
export async function writeWaiting<R>(q: Queryable, key: string, needed?: (row: R) => boolean): Promise<void> {
  if (q.writeWaiting) await q.writeWaiting(key, needed as ((row: never) => boolean) | undefined);
}

/**
 * `db.tx(fn, GROUPED)`: a short write of the write path (posts, likes, reposts, follows, deletes)
 * that may be committed together with others waiting (group commit on PostgreSQL; docs/adr/0020).
 */
export const GROUPED = { group: true } as const;
