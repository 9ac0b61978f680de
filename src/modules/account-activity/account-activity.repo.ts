// Every SQL statement for Account Activity API v2 subscriptions (webhook × user).
import { marks, type Queryable } from '../../store/index.js';

export type AaaRow = { webhook_id: string; user_id: string; app_id: string; created_at: number };

export const aaaRepo = {
  async insert(db: Queryable, r: AaaRow): Promise<void> {
    await db.run('INSERT INTO aaa_subscriptions (webhook_id, user_id, app_id, created_at) VALUES (?, ?, ?, ?)', [
      r.webhook_id,
      r.user_id,
      r.app_id,
      r.created_at,
    ]);
  },
  get: (db: Queryable, webhookId: string, userId: string) =>
    db.get<AaaRow>('SELECT * FROM aaa_subscriptions WHERE webhook_id = ? AND user_id = ?', [webhookId, userId]),
  byWebhook: (db: Queryable, webhookId: string) =>
    db.all<AaaRow>('SELECT * FROM aaa_subscriptions WHERE webhook_id = ? ORDER BY created_at, user_id', [webhookId]),
  /** A query with a row when any subscription exists (`any`; the fan-out's `unheard` condition). */
  ANY_SQL: 'SELECT 1 AS x FROM aaa_subscriptions LIMIT 1',
  /** Whether any subscription exists (the fan-out skips rendering events nobody receives). */
  async any(db: Queryable): Promise<boolean> {
    return Boolean(await db.get(aaaRepo.ANY_SQL));
  },
  byUsers: (db: Queryable, userIds: string[]) =>
    db.all<AaaRow>(`SELECT * FROM aaa_subscriptions WHERE user_id IN (${marks(userIds.length)})`, userIds),
  async countByApp(db: Queryable, appId: string): Promise<number> {
    return Number(
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM aaa_subscriptions WHERE app_id = ?', [appId]))?.n ?? 0,
    );
  },
  async remove(db: Queryable, webhookId: string, userId: string): Promise<number> {
    return (await db.run('DELETE FROM aaa_subscriptions WHERE webhook_id = ? AND user_id = ?', [webhookId, userId]))
      .changes;
  },
  async removeWebhook(db: Queryable, webhookId: string): Promise<void> {
    await db.run('DELETE FROM aaa_subscriptions WHERE webhook_id = ?', [webhookId]);
  },
};
