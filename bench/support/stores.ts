// Which stores a bench runs on, and the PostgreSQL schema it leaves behind dropped.
import pg from 'pg';

export type BenchStore = 'sqlite' | 'postgres';

/** BENCH_STORES (default both), PostgreSQL only when a database URL is given. */
export function benchStores(pgUrl: string | null): BenchStore[] {
  const stores = (process.env.BENCH_STORES ?? 'sqlite,postgres')
    .split(',')
    .filter((s): s is BenchStore => s === 'sqlite' || (s === 'postgres' && pgUrl !== null));
  if (!pgUrl) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to run it too');
  return stores;
}

/** Drops the schemas a bench's servers made. */
export async function dropSchemas(pgUrl: string, ...schemas: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  } finally {
    await c.end();
  }
}
