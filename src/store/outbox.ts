// The outbox: anything that must be delivered later (webhook events, stream posts) is written here
// in the same transaction as the change that causes it, so a crash can delay it but never lose it.
import { askAll, type Queryable } from './db.js';
import { chunks, flatten } from '../shared/arrays.js';

export type OutboxEvent = { topic: string; target?: string | null; payload: unknown };
export type OutboxRow = {
  id: string;
  topic: string;
  target: string | null;
  payload: string;
  created_at: number;
  available_at: number;
  attempts: number;
  status: 'pending' | 'done' | 'dead';
  last_error: string | null;
};

/**
 * Writes one event. `settledWhen`, an SQL condition, is evaluated in the same statement (the writer's
 * transaction): when it holds, the row is written already settled ('done', one attempt), as the
 * fan-out would leave a row that no one was listening for (delivery/index.ts `enqueueSource`).
 * Returns whether it was.
 */
export async function enqueue(
  tx: Queryable,
  id: string,
  now: number,
  event: OutboxEvent,
  settledWhen: string | null = null,
): Promise<boolean> {
  const args = [id, event.topic, event.target ?? null, JSON.stringify(event.payload), now, now];
  if (settledWhen === null) {
    await tx.run(
      'INSERT INTO outbox (id, topic, target, payload, created_at, available_at) VALUES (?, ?, ?, ?, ?, ?)',
      args,
    );
    return false;
  }
  const row = await tx.get<{ attempts: number }>(
    `INSERT INTO outbox (id, topic, target, payload, created_at, available_at, status, attempts)
     VALUES (?, ?, ?, ?, ?, ?, CASE WHEN ${settledWhen} THEN 'done' ELSE 'pending' END,
             CASE WHEN ${settledWhen} THEN 1 ELSE 0 END)
     RETURNING attempts`,
    args,
  );
  return Number(row?.attempts) === 1;
}

export type NewSource = { id: string; now: number; event: OutboxEvent };

/**
 * Writes several events in one statement a chunk, as `enqueue` writes one (`settledWhen` likewise, read
 * once a statement: in each row of a VALUES list it was read again, two subqueries a row);
 * returns the ids of those written settled.
 */
export async function enqueueMany(
  tx: Queryable,
  rows: NewSource[],
  settledWhen: string | null = null,
): Promise<Set<string>> {
  const settled = new Set<string>();
  const status =
    settledWhen === null
      ? "SELECT 'pending' AS status, 0 AS attempts"
      : `SELECT CASE WHEN ${settledWhen} THEN 'done' ELSE 'pending' END AS status, CASE WHEN ${settledWhen} THEN 1 ELSE 0 END AS attempts`;
  // Every chunk asked before any answer is read: a `oneShot` writer (delivery/index.ts, db.ts LaterOptions).
  const answers = await askAll(chunks(rows, CHUNK), (chunk) =>
    // VALUES columns are column1… on both stores; PostgreSQL types a VALUES parameter as text, hence the casts.
    tx.all<{ id: string; attempts: number }>(
      `INSERT INTO outbox (id, topic, target, payload, created_at, available_at, status, attempts)
       SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, s.status, s.attempts
       FROM (VALUES ${chunk.map(() => '(?, ?, ?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT))').join(', ')}) AS v
       CROSS JOIN (${status}) AS s
       RETURNING id, attempts`,
      flatten(chunk, (r) => [
        r.id,
        r.event.topic,
        r.event.target ?? null,
        JSON.stringify(r.event.payload),
        r.now,
        r.now,
      ]),
    ),
  );
  for (const written of answers) for (const w of written) if (Number(w.attempts) === 1) settled.add(w.id);
  return settled;
}
const CHUNK = 500;

/**
 * Claims up to `limit` due events of a topic for `holder` until `lockUntil`. A claim that expires
 * (its worker died) becomes claimable again: at-least-once, never at-most-once.
 */
export async function claim(
  db: Queryable,
  o: { topic: string; holder: string; now: number; lockUntil: number; limit: number },
): Promise<OutboxRow[]> {
  const due = await db.all<{ id: string }>(
    `SELECT id FROM outbox WHERE topic = ? AND status = 'pending' AND available_at <= ?
       AND (locked_until IS NULL OR locked_until < ?) ORDER BY id LIMIT ?`,
    [o.topic, o.now, o.now, o.limit],
  );
  const claimed: OutboxRow[] = [];
  for (const { id } of due) {
    const row = await db.get<OutboxRow>(
      `UPDATE outbox SET locked_by = ?, locked_until = ? WHERE id = ? AND status = 'pending'
         AND (locked_until IS NULL OR locked_until < ?) RETURNING *`,
      [o.holder, o.lockUntil, id, o.now],
    );
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function complete(db: Queryable, id: string): Promise<void> {
  await db.run(
    "UPDATE outbox SET status = 'done', locked_by = NULL, locked_until = NULL, attempts = attempts + 1 WHERE id = ?",
    [id],
  );
}

export async function retryLater(
  db: Queryable,
  id: string,
  availableAt: number,
  error: string,
  dead = false,
): Promise<void> {
  await db.run(
    'UPDATE outbox SET status = ?, available_at = ?, attempts = attempts + 1, last_error = ?, locked_by = NULL, locked_until = NULL WHERE id = ?',
    [dead ? 'dead' : 'pending', availableAt, error, id],
  );
}

export async function listOutbox(db: Queryable, topic: string, limit = 100): Promise<OutboxRow[]> {
  return db.all<OutboxRow>('SELECT * FROM outbox WHERE topic = ? ORDER BY id LIMIT ?', [topic, limit]);
}
