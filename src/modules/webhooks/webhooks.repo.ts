// Every SQL statement for the webhook registry and its check state.
import type { Queryable } from '../../store/index.js';

export type WebhookRow = {
  id: string; app_id: string; url: string; valid: number; created_at: number;
  last_success_at: number | null; last_check_at: number | null; last_check_result: string | null;
  next_check_at: number | null; invalid_reason: string | null;
};

export type CheckState = Pick<WebhookRow, 'valid' | 'last_success_at' | 'last_check_at' | 'last_check_result' | 'next_check_at' | 'invalid_reason'>;

export const webhooksRepo = {
  async insert(db: Queryable, w: WebhookRow): Promise<void> {
    await db.run(
      `INSERT INTO webhooks (id, app_id, url, valid, created_at, last_success_at, last_check_at, last_check_result, next_check_at, invalid_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [w.id, w.app_id, w.url, w.valid, w.created_at, w.last_success_at, w.last_check_at, w.last_check_result, w.next_check_at, w.invalid_reason],
    );
  },
  byId: (db: Queryable, id: string) => db.get<WebhookRow>('SELECT * FROM webhooks WHERE id = ?', [id]),
  byApp: (db: Queryable, appId: string) => db.all<WebhookRow>('SELECT * FROM webhooks WHERE app_id = ? ORDER BY id', [appId]),
  byUrl: (db: Queryable, appId: string, url: string) => db.get<WebhookRow>('SELECT * FROM webhooks WHERE app_id = ? AND url = ?', [appId, url]),
  async countByApp(db: Queryable, appId: string): Promise<number> {
    const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhooks WHERE app_id = ?', [appId]);
    return Number(row?.n ?? 0);
  },
  /** Webhooks whose periodic check is armed (valid ones), for deriving the timers at start. */
  scheduled: (db: Queryable) => db.all<Pick<WebhookRow, 'id' | 'next_check_at'>>(
    'SELECT id, next_check_at FROM webhooks WHERE valid = 1 AND next_check_at IS NOT NULL',
  ),
  /** Takes the periodic check due at `due` (compare-and-set, so one process runs it). */
  async takeCheck(db: Queryable, id: string, due: number, until: number): Promise<boolean> {
    return (await db.run('UPDATE webhooks SET next_check_at = ? WHERE id = ? AND valid = 1 AND next_check_at = ?', [until, id, due])).changes === 1;
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
