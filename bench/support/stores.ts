// Which stores a bench runs on, where an in-process bench's server keeps its data, and the PostgreSQL
// schema a bench leaves behind dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The `aviary start` flags of a spawned server's store: its own schema on PostgreSQL (none on SQLite). */
export function storeFlags(store: BenchStore, pgUrl: string | null, schema: string): string[] {
  return ['--no-seed-demo', ...(store === 'postgres' ? ['--database-url', pgUrl!, '--database-schema', schema] : [])];
}

/**
 * The system catalogs a schema's creation and drop leave dead rows in (~110 tables a schema): where
 * autovacuum is off (this project's machines) they were never cleaned, and each bench run on
 * PostgreSQL was slower than the one before (pg_attribute 112,645 dead rows after ~20 runs;
 * bench:firehose 1,302 → 1,084 posts/s over three runs of one build).
 */
const CATALOGS = [
  'pg_attribute',
  'pg_depend',
  'pg_class',
  'pg_index',
  'pg_type',
  'pg_constraint',
  'pg_attrdef',
  'pg_statistic',
];

/** Drops the schemas a bench's servers made, then cleans the catalogs behind them. */
export async function dropSchemas(pgUrl: string, ...schemas: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    // A role that may not vacuum them gets a warning per catalog, not an error.
    await c.query(`VACUUM ${CATALOGS.map((t) => `pg_catalog.${t}`).join(', ')}`);
  } finally {
    await c.end();
  }
}

/**
 * The store of a server started in the bench's process: a temporary data dir, and on PostgreSQL a
 * schema of its own; `config` goes into buildConfig, `remove` deletes both afterwards.
 */
export function benchStore(store: BenchStore, pgUrl: string | null, name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `aviary-${name}-`));
  const schema = store === 'postgres' ? `bench_${name}_${process.pid}` : null;
  return {
    config: { dataDir, databaseUrl: schema ? pgUrl : null, databaseSchema: schema },
    async remove(): Promise<void> {
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchemas(pgUrl!, schema);
    },
  };
}
