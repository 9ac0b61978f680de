// PostgreSQL store for several Aviary processes sharing one database. `?` placeholders become
// `$n`; BIGINT comes back as a JS number (epoch-ms timestamps and counters fit in 2^53; ids are TEXT).
import pg from 'pg';
import type { Db, Param, Queryable, Row } from './db.js';

pg.types.setTypeParser(20, (v) => Number(v));

const translated = new Map<string, string>();
/** `?` → `$1, $2, …` (repositories never put a literal `?` inside SQL strings). */
export function toPositional(sql: string): string {
  let out = translated.get(sql);
  if (out === undefined) {
    let n = 0;
    out = sql.replace(/\?/g, () => `$${++n}`);
    translated.set(sql, out);
  }
  return out;
}

type Client = pg.Pool | pg.PoolClient;

function queryable(client: Client): Queryable {
  const q = async (sql: string, params: Param[] = []) => client.query(toPositional(sql), params as unknown[]);
  return {
    all: async <T = Row>(sql: string, params?: Param[]) => (await q(sql, params)).rows as T[],
    get: async <T = Row>(sql: string, params?: Param[]) => (await q(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, params?: Param[]) => ({ changes: (await q(sql, params)).rowCount ?? 0 }),
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** A fixed advisory-lock key: "aviary" in ASCII. */
const LOCK_KEY = 0x617669617279;

export async function openPostgres(url: string, schema: string | null): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const root = queryable(pool);
  return {
    dialect: 'postgres',
    embedded: false,
    location: redact(url) + (schema ? ` (schema ${schema})` : ''),
    ...root,
    async tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async exclusive<T>(fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async tables() {
      const rows = await root.all<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
      );
      return rows.map((r) => r.tablename);
    },
    async close() {
      await pool.end();
    },
  };
}
