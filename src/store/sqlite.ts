// Embedded store: one SQLite file in WAL mode through better-sqlite3. Calls are synchronous, so a
// transaction that awaits must hold the connection: an async lock keeps other callers out until
// it commits, and lets them straight through otherwise.
import Database from 'better-sqlite3';
import type { Db, Param, Queryable, Row } from './db.js';

function normalise(params: Param[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

export function openSqlite(file: string): Db {
  const conn = new Database(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  conn.pragma('foreign_keys = ON');
  conn.pragma('busy_timeout = 5000');
  // 8 MB of page cache (better-sqlite3's build defaults to 16 MB): the OS caches the file too, and
  // a bulk seed otherwise leaves the whole 16 MB resident in an idle server.
  conn.pragma('cache_size = -8000');

  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = conn.prepare(sql);
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

  return {
    dialect: 'sqlite',
    embedded: true,
    location: file,
    all: guarded(direct.all) as Queryable['all'],
    get: guarded(direct.get) as Queryable['get'],
    run: guarded(direct.run),
    async tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      await waitTurn();
      let release!: () => void;
      lock = new Promise<void>((r) => {
        release = r;
      });
      try {
        conn.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(direct);
          conn.exec('COMMIT');
          return result;
        } catch (err) {
          if (conn.inTransaction) conn.exec('ROLLBACK');
          throw err;
        }
      } finally {
        lock = null;
        release();
      }
    },
    async exec(sql) {
      await waitTurn();
      conn.exec(sql);
    },
    async exclusive(fn) {
      return fn();
    },
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
      await waitTurn();
      conn.close();
    },
  };
}
