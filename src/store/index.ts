// Opens the configured store and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.js';
import type { Clock } from '../shared/clock.js';
import { KEEP_ON_RESET, type Db } from './db.js';
import { migrate } from './migrate.js';
import { openSqlite } from './sqlite.js';

export type { Db, Queryable, Param, Row } from './db.js';
export {
  GROUPED,
  ONE_SHOT,
  askAll,
  atCommit,
  marks,
  onceAfterCommit,
  replaceAtCommit,
  writeLater,
  writeWaiting,
} from './db.js';

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
  if (db.dialect === 'sqlite') {
    await db.tx(async (tx) => {
      for (const t of tables) await tx.run(`DELETE FROM ${t}`);
    });
    return tables;
  }
  // PostgreSQL: background workers write while a reset runs. Table by table, a row a worker commits
  // into an already emptied table can still reference one about to be deleted (a foreign-key error);
  // one TRUNCATE locks every table first. A worker holding one table and waiting for another can still
  // deadlock with it: PostgreSQL then aborts one side, and if that is the reset it runs again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.tx((tx) => tx.run(`TRUNCATE ${tables.join(', ')}`));
      return tables;
    } catch (err) {
      if (attempt >= 5 || !RETRYABLE.has(String((err as { code?: unknown }).code))) throw err;
    }
  }
}

/** deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);
