// Every SQL statement for the webhook registry and its check state.
import type { Queryable } from '../../store/index.js';

export type WebhookRow = {
  id: string;
  app_id: string;
  url: string;
  valid: number;
  created_at: number;
  last_success_at: number | null;
  last_check_at: number | null;
  last_check_result: string | null;
  next_check_at: number | null;
  invalid_reason: string | null;
};

export type CheckState = Pick<
  WebhookRow,
  'valid' | 'last_success_at' | 'last_check_at' | 'last_check_result' | 'next_check_at' | 'invalid_reason'
>;

export const webhooksRepo = {
  async insert(db: Queryable, w: WebhookRow): Promise<void> {
    await db.run(
      `INSERT INTO webhooks (id, app_id, url, valid, created_at, last_success_at, last_check_at, last_check_result, next_check_at, invalid_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        w.id,
        w.app_id,
        w.url,
        w.valid,
        w.created_at,
        w.last_success_at,
        w.last_check_at,
        w.last_check_result,
        w.next_check_at,
        w.invalid_reason,
      ],
    );
  },
  byId: (db: Queryable, id: string) => db.get<WebhookRow>('SELECT * FROM webhooks WHERE id = ?', [id]),
  /**
   * Where a delivery of the webhook goes and what signs it: its URL and validity, and its app's consumer
   * secret, in one read (issue #23: the delivery worker resolves a target for every batch handed to it).
   * Nothing when the webhook or its app is gone.
   */
  target: (db: Queryable, id: string) =>
    db.get<{ url: string; valid: number; consumer_secret: string }>(
      'SELECT w.url, w.valid, a.consumer_secret FROM webhooks w JOIN apps a ON a.id = w.app_id WHERE w.id = ?',
      [id],
    ),
  byApp: (db: Queryable, appId: string) =>
    db.all<WebhookRow>('SELECT * FROM webhooks WHERE app_id = ? ORDER BY id', [appId]),
  byUrl: (db: Queryable, appId: string, url: string) =>
    db.get<WebhookRow>('SELECT * FROM webhooks WHERE app_id = ? AND url = ?', [appId, url]),
  async countByApp(db: Queryable, appId: string): Promise<number> {
    const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhooks WHERE app_id = ?', [appId]);
    return Number(row?.n ?? 0);
  },
  /** Webhooks whose periodic check is armed (valid ones), for deriving the timers at start. */
  scheduled: (db: Queryable) =>
    db.all<Pick<WebhookRow, 'id' | 'next_check_at'>>(
      'SELECT id, next_check_at FROM webhooks WHERE valid = 1 AND next_check_at IS NOT NULL',
    ),
  /** Takes the periodic check due at `due` (compare-and-set, so one process runs it). */
  async takeCheck(db: Queryable, id: string, due: number, until: number): Promise<boolean> {
    return (
      (
        await db.run('UPDATE webhooks SET next_check_at = ? WHERE id = ? AND valid = 1 AND next_check_at = ?', [
          until,
          id,
          due,
        ])
      ).changes === 1
    );
  },
  async saveCheck(db: Queryable, id: string, s: CheckState): Promise<void> {
    await db.run(
      'UPDATE webhooks SET valid = ?, last_success_at = ?, last_check_at = ?, last_check_result = ?, next_check_at = ?, invalid_reason = ? WHERE id = ?',
      [s.valid, s.last_success_at, s.last_check_at, s.last_check_result, s.next_check_at, s.invalid_reason, id],
    );
  },
  async remove(db: Queryable, id: string): Promise<number> {
    return (await db.run('DELETE FROM webhooks WHERE id = ?', [id])).changes;
  },
};

export type ReplayJobRow = {
  id: string;
  webhook_id: string;
  app_id: string;
  from_at: number;
  to_at: number;
  state: 'running' | 'complete' | 'incomplete';
  events: number;
  created_at: number;
  finished_at: number | null;
};

/**
 * Replay jobs: copies of a webhook's delivery rows in a window, sent again under topic webhook.replay (target = job
 * id).
 */
export const replayRepo = {
  async insert(db: Queryable, j: ReplayJobRow): Promise<void> {
    await db.run(
      'INSERT INTO webhook_replay_jobs (id, webhook_id, app_id, from_at, to_at, state, events, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [j.id, j.webhook_id, j.app_id, j.from_at, j.to_at, j.state, j.events, j.created_at, j.finished_at],
    );
  },
  running: (db: Queryable, webhookId: string) =>
    db.get<ReplayJobRow>("SELECT * FROM webhook_replay_jobs WHERE webhook_id = ? AND state = 'running'", [webhookId]),
  allRunning: (db: Queryable) => db.all<ReplayJobRow>("SELECT * FROM webhook_replay_jobs WHERE state = 'running'"),
  byId: (db: Queryable, id: string) => db.get<ReplayJobRow>('SELECT * FROM webhook_replay_jobs WHERE id = ?', [id]),
  /** Copies the webhook's events of [from, to) as replay rows; returns how many. */
  async copyEvents(
    db: Queryable,
    jobId: string,
    webhookId: string,
    from: number,
    to: number,
    now: number,
  ): Promise<number> {
    return (
      await db.run(
        `INSERT INTO outbox (id, topic, target, payload, created_at, available_at)
       SELECT ? || '.' || id, 'webhook.replay', ?, payload, ?, ? FROM outbox
        WHERE topic = 'webhook.delivery' AND target = ? AND created_at >= ? AND created_at < ?`,
        [jobId, jobId, now, now, webhookId, from, to],
      )
    ).changes;
  },
  async setEvents(db: Queryable, id: string, events: number): Promise<void> {
    await db.run('UPDATE webhook_replay_jobs SET events = ? WHERE id = ?', [events, id]);
  },
  /** Rows of the job not yet settled, and those given up on. */
  async progress(db: Queryable, jobId: string): Promise<{ pending: number; dead: number }> {
    const row = await db.get<{ pending: number | null; dead: number | null }>(
      `SELECT SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS pending, SUM(CASE WHEN status = 'dead' THEN 1 ELSE 0 END) AS dead
         FROM outbox WHERE topic = 'webhook.replay' AND target = ?`,
      [jobId],
    );
    return { pending: Number(row?.pending ?? 0), dead: Number(row?.dead ?? 0) };
  },
  /** Compare-and-set running → finished, so exactly one settler reports the job. */
  async finish(db: Queryable, id: string, state: 'complete' | 'incomplete', now: number): Promise<boolean> {
    return (
      (
        await db.run("UPDATE webhook_replay_jobs SET state = ?, finished_at = ? WHERE id = ? AND state = 'running'", [
          state,
          now,
          id,
        ])
      ).changes === 1
    );
  },
};

export type LinkRow = { webhook_id: string; app_id: string; instance_id: string; fields: string; created_at: number };

/** Filtered-stream ↔ webhook links, each with its own field set (notes §3). */
export const linksRepo = {
  /** A query with a row when any link exists (the fan-out's `unheard` condition). */
  ANY_SQL: 'SELECT 1 AS x FROM webhook_stream_links LIMIT 1',
  async upsert(db: Queryable, l: LinkRow): Promise<void> {
    await db.run(
      `INSERT INTO webhook_stream_links (webhook_id, app_id, instance_id, fields, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (webhook_id) DO UPDATE SET fields = excluded.fields`,
      [l.webhook_id, l.app_id, l.instance_id, l.fields, l.created_at],
    );
  },
  byApp: (db: Queryable, appId: string) =>
    db.all<LinkRow>('SELECT * FROM webhook_stream_links WHERE app_id = ? ORDER BY created_at, webhook_id', [appId]),
  all: (db: Queryable) => db.all<LinkRow>('SELECT * FROM webhook_stream_links ORDER BY webhook_id'),
  async remove(db: Queryable, webhookId: string): Promise<number> {
    return (await db.run('DELETE FROM webhook_stream_links WHERE webhook_id = ?', [webhookId])).changes;
  },
};
