// Opens the configured store and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.js';
import type { Clock } from '../shared/clock.js';
import { KEEP_ON_RESET, type Db } from './db.js';
import { migrate } from './migrate.js';
import { openSqlite } from './sqlite.js';

export type { Db, Queryable, Param, Row } from './db.js';

export async function openStore(config: Config, clock: Clock): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    // Loaded only when asked for: the driver costs start-up time the embedded default need not pay.
    const { openPostgres } = await import('./postgres.js');
    db = await openPostgres(config.databaseUrl, config.databaseSchema);
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    db = openSqlite(join(config.dataDir, 'aviary.db'));
  }
  await migrate(db, clock);
  return db;
}

/** Empties every table but Aviary's own bookkeeping, in one transaction. */
export async function resetStore(db: Db): Promise<string[]> {
  const tables = (await db.tables()).filter((t) => !KEEP_ON_RESET.has(t));
  await db.tx(async (tx) => {
    for (const t of tables) await tx.run(`DELETE FROM ${t}`);
  });
  return tables;
}
