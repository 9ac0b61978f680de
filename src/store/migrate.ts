// Applies pending migrations once, even when several processes start together on one PostgreSQL.
import type { Clock } from '../shared/clock.js';
import type { Db } from './db.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export async function migrate(db: Db, clock: Clock, migrations: Migration[] = MIGRATIONS): Promise<string[]> {
  return db.exclusive(async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS aviary_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
    const done = new Set((await db.all<{ id: string }>('SELECT id FROM aviary_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (m.formerly && done.has(m.formerly) && !done.has(m.id)) {
        // Applied under its old number (migrations/index.ts): record the new one instead of running it again.
        await db.run('UPDATE aviary_migrations SET id = ? WHERE id = ?', [m.id, m.formerly]);
        done.add(m.id);
      }
      if (done.has(m.id)) continue;
      const sql = typeof m.sql === 'string' ? m.sql : m.sql[db.dialect];
      await db.tx(async (tx) => {
        for (const stmt of splitStatements(sql)) await tx.run(stmt);
        await tx.run('INSERT INTO aviary_migrations (id, applied_at) VALUES (?, ?)', [m.id, clock.wall()]);
      });
      applied.push(m.id);
    }
    return applied;
  });
}

/** Splits a script on statement-ending semicolons (migrations keep `;` out of literals). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
