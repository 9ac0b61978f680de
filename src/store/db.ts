// The store's one interface. Repositories write portable SQL with `?` placeholders and never ask
// which database is underneath; the drivers (sqlite.ts, postgres.ts) translate what must differ.

export type Row = Record<string, unknown>;
export type Param = string | number | bigint | boolean | null | Buffer;

export interface Queryable {
  all<T = Row>(sql: string, params?: Param[]): Promise<T[]>;
  get<T = Row>(sql: string, params?: Param[]): Promise<T | undefined>;
  run(sql: string, params?: Param[]): Promise<{ changes: number }>;
}

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
  /** Runs fn in one transaction; a thrown error rolls everything back. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Serialises fn across every process sharing the database (migrations, worker leases). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Names of every table in the store (the current schema on PostgreSQL). */
  tables(): Promise<string[]>;
  close(): Promise<void>;
}

/** Every table Aviary owns except its own bookkeeping, in the order reset may empty them. */
export const KEEP_ON_RESET = new Set(['aviary_migrations', 'aviary_settings', 'aviary_workers']);
