// A calls module for sqlite.side.test.ts: run in the side file's writer thread, inside a write's
// transaction, through that thread's connection.
import type { Queryable } from './db.js';

/** Adds `by` to every key's value, reading each inside the transaction (so after the write's earlier statements). */
export async function bump(q: Queryable, arg: { keys: string[]; by: number }): Promise<void> {
  for (const k of arg.keys) {
    const row = await q.get<{ v: number }>('SELECT v FROM kv WHERE k = ?', [k]);
    await q.run('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', [
      k,
      (row?.v ?? 0) + arg.by,
    ]);
  }
}
