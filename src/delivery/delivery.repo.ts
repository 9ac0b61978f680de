// Every SQL statement of the delivery machinery: claiming outbox rows of several topics at once,
// settling them with the attempt log in one transaction, and reading the attempt log back.
// Locks run on wall time (like worker leases) so a virtual clock jump never frees a row a live
// worker is still sending; availability runs on the service clock so virtual time drives retries.
import { marks, type Param, type Queryable } from '../store/index.js';
import { insertRows } from '../store/insert.js';
import type { OutboxRow } from '../store/outbox.js';
import { chunks } from '../shared/arrays.js';

export type AttemptRow = {
  id: string;
  webhook_id: string;
  delivery_id: string;
  event_id: string;
  kind: string;
  attempt: number;
  status: 'delivered' | 'failed' | 'gave_up' | 'skipped';
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
  at: number;
};

const ATTEMPT_COLUMNS = [
  'id',
  'webhook_id',
  'delivery_id',
  'event_id',
  'kind',
  'attempt',
  'status',
  'response_code',
  'latency_ms',
  'error',
  'at',
] as const satisfies readonly (keyof AttemptRow)[];
/** What a new outbox row is written with (status, attempts and last_error take the table's defaults). */
const OUTBOX_COLUMNS = [
  'id',
  'topic',
  'target',
  'payload',
  'created_at',
  'available_at',
  'locked_by',
  'locked_until',
] as const;

/** Rows per multi-row statement: well under both databases' parameter limits. */
const CHUNK = 200;
/**
 * The WHERE clause of up to `limit` due rows of the topics nobody holds (a lapsed lock, a dead worker's,
 * counts as free). Walks the outbox_claim index (topic, status, available_at): oldest first within each
 * topic and never past other topics' backlog. The outer re-check wraps `status` in COALESCE so the
 * planner looks the chosen rows up by primary key; with several processes on PostgreSQL it is what
 * keeps a row to one claimant.
 */
function dueRows(o: { topics: string[]; now: number; wall: number; limit: number }): { where: string; args: Param[] } {
  return {
    where: `WHERE id IN (SELECT id FROM outbox WHERE topic IN (${marks(o.topics.length)}) AND status = 'pending'
                           AND available_at <= ? AND (locked_until IS NULL OR locked_until < ?) LIMIT ?)
              AND COALESCE(status, '') = 'pending' AND COALESCE(locked_until, 0) < ?`,
    args: [...o.topics, o.now, o.wall, o.limit, o.wall],
  };
}

export const deliveryRepo = {
  /** Locks up to `limit` due rows of the topics for `holder` (dueRows). */
  async claim(
    db: Queryable,
    o: { topics: string[]; holder: string; now: number; wall: number; lockUntil: number; limit: number },
  ): Promise<OutboxRow[]> {
    const due = dueRows(o);
    const rows = await db.all<OutboxRow>(`UPDATE outbox SET locked_by = ?, locked_until = ? ${due.where} RETURNING *`, [
      o.holder,
      o.lockUntil,
      ...due.args,
    ]);
    return rows.sort(
      (a, b) =>
        a.available_at - b.available_at || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  },
  /**
   * Settles up to `limit` due rows of the topics that no one would act on, in one statement: what a
   * claim followed by a fan-out that found no audience would leave, without the claim's own write
   * (issue #23). Rows another worker holds are left to it (dueRows). Returns how many were settled.
   */
  async settleUnheard(
    db: Queryable,
    o: { topics: string[]; now: number; wall: number; limit: number },
  ): Promise<number> {
    const due = dueRows(o);
    const r = await db.run(
      `UPDATE outbox SET status = 'done', attempts = attempts + 1, locked_by = NULL, locked_until = NULL ${due.where}`,
      due.args,
    );
    return r.changes;
  },
  async done(db: Queryable, id: string, holder: string): Promise<void> {
    await db.run(
      "UPDATE outbox SET status = 'done', attempts = attempts + 1, locked_by = NULL, locked_until = NULL WHERE id = ? AND locked_by = ?",
      [id, holder],
    );
  },
  /** Settles many rows as done in a few statements (hot path). */
  async doneMany(db: Queryable, ids: string[], holder: string): Promise<void> {
    for (const part of chunks(ids, CHUNK)) {
      await db.run(
        `UPDATE outbox SET status = 'done', attempts = attempts + 1, locked_by = NULL, locked_until = NULL WHERE locked_by = ? AND id IN (${marks(part.length)})`,
        [holder, ...part],
      );
    }
  },
  async retry(
    db: Queryable,
    id: string,
    holder: string,
    availableAt: number,
    error: string,
    dead: boolean,
  ): Promise<void> {
    await db.run(
      'UPDATE outbox SET status = ?, available_at = ?, attempts = attempts + 1, last_error = ?, locked_by = NULL, locked_until = NULL WHERE id = ? AND locked_by = ?',
      [dead ? 'dead' : 'pending', availableAt, error, id, holder],
    );
  },
  async insertAttempts(db: Queryable, rows: AttemptRow[]): Promise<void> {
    await insertRows(db, 'webhook_attempts', ATTEMPT_COLUMNS, rows, CHUNK);
  },
  /**
   * Writes many outbox rows in a few statements (the fan-out's delivery rows, synthetic bursts);
   * `lock`: written already claimed by that holder (deliveries.ts `Handoff`). Returns them as stored.
   */
  async enqueueMany(
    db: Queryable,
    rows: { id: string; topic: string; target: string | null; payload: string; at: number }[],
    lock: { holder: string; until: number } | null = null,
  ): Promise<OutboxRow[]> {
    const stored = rows.map((r) => ({
      id: r.id,
      topic: r.topic,
      target: r.target,
      payload: r.payload,
      created_at: r.at,
      available_at: r.at,
      attempts: 0,
      status: 'pending' as const,
      last_error: null,
      locked_by: lock?.holder ?? null,
      locked_until: lock?.until ?? null,
    }));
    await insertRows(db, 'outbox', OUTBOX_COLUMNS, stored, CHUNK);
    return stored;
  },
  /** Newest first; `before` pages back by attempt id. */
  attempts: (db: Queryable, webhookId: string, limit: number, before: string | null) =>
    db.all<AttemptRow>(
      before === null
        ? 'SELECT * FROM webhook_attempts WHERE webhook_id = ? ORDER BY id DESC LIMIT ?'
        : 'SELECT * FROM webhook_attempts WHERE webhook_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
      before === null ? [webhookId, limit] : [webhookId, before, limit],
    ),
  /** When the next pending row of the topics falls due after `now` (arms the retry timer, also after a restart). */
  async nextDue(db: Queryable, topics: string[], now: number): Promise<number | null> {
    const row = await db.get<{ due: number | null }>(
      `SELECT MIN(available_at) AS due FROM outbox WHERE status = 'pending' AND topic IN (${marks(topics.length)}) AND available_at > ?`,
      [...topics, now],
    );
    return row?.due == null ? null : Number(row.due);
  },
  /** Sweeps settled rows of the topics older than `before` (the replay window is 24 hours). */
  async prune(db: Queryable, topics: string[], before: number): Promise<number> {
    return (
      await db.run(
        `DELETE FROM outbox WHERE status <> 'pending' AND topic IN (${marks(topics.length)}) AND created_at < ?`,
        [...topics, before],
      )
    ).changes;
  },
  async pruneAttempts(db: Queryable, before: number): Promise<number> {
    return (await db.run('DELETE FROM webhook_attempts WHERE at < ?', [before])).changes;
  },
};
