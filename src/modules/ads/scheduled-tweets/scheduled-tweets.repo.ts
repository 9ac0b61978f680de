// Every SQL statement of scheduled posts (ads_scheduled_tweets, migration 0017).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type ScheduledTweetRow = {
  id: string;
  account_id: string;
  user_id: string;
  app_id: string | null;
  text: string;
  name: string | null;
  card_uri: string | null;
  media_keys: string;
  nullcast: number;
  scheduled_at: number;
  scheduled_status: string;
  completed_at: number | null;
  tweet_id: string | null;
  created_at: number;
  updated_at: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', scheduled_at: 'scheduled_at' };

export async function listScheduledTweets(db: Queryable, accountId: string, userId: string | undefined, q: ListQuery) {
  const where = ['account_id = ?'];
  const args: unknown[] = [accountId];
  if (userId) {
    where.push('user_id = ?');
    args.push(userId);
  }
  const s: ListSql = { select: 'SELECT * FROM ads_scheduled_tweets', where, args, sortExpr: SORT, deletedColumn: null };
  return listRows<ScheduledTweetRow>(db, s, q);
}

/** The user's SCHEDULED posts on the account, newest first, after `afterId` (GET tweets). */
export async function pendingOf(db: Queryable, accountId: string, userId: string, limit: number, afterId?: string) {
  const after = afterId === undefined ? '' : ' AND id < ?';
  return db.all<ScheduledTweetRow>(
    `SELECT * FROM ads_scheduled_tweets WHERE account_id = ? AND user_id = ? AND scheduled_status = 'SCHEDULED'${after}
     ORDER BY id DESC LIMIT ?`,
    [accountId, userId, ...(afterId === undefined ? [] : [afterId]), limit + 1],
  );
}

export const scheduledTweetById = (db: Queryable, accountId: string, id: string) =>
  db.get<ScheduledTweetRow>('SELECT * FROM ads_scheduled_tweets WHERE account_id = ? AND id = ?', [accountId, id]);

export const scheduledTweetAnywhere = (db: Queryable, id: string) =>
  db.get<ScheduledTweetRow>('SELECT * FROM ads_scheduled_tweets WHERE id = ?', [id]);

/** Every post still waiting, for the publisher's timers at start. */
export const waiting = (db: Queryable) =>
  db.all<{ id: string; scheduled_at: number }>(
    "SELECT id, scheduled_at FROM ads_scheduled_tweets WHERE scheduled_status = 'SCHEDULED' ORDER BY scheduled_at",
  );

export async function insertScheduledTweet(db: Queryable, row: ScheduledTweetRow): Promise<void> {
  await insertObject(db, 'ads_scheduled_tweets', row);
}

export async function updateScheduledTweet(db: Queryable, row: ScheduledTweetRow): Promise<void> {
  await db.run(
    `UPDATE ads_scheduled_tweets SET text = ?, name = ?, card_uri = ?, media_keys = ?, nullcast = ?, scheduled_at = ?,
     updated_at = ? WHERE id = ?`,
    [row.text, row.name, row.card_uri, row.media_keys, row.nullcast, row.scheduled_at, row.updated_at, row.id],
  );
}

export async function deleteScheduledTweet(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_scheduled_tweets WHERE id = ?', [id]);
}

/**
 * Marks a post published, only if it is still SCHEDULED and unchanged since it was read: two timers
 * (or two processes) firing for one post publish it once, and an update in between is published by
 * its own timer. Answers whether this call took it.
 */
export async function markPublished(
  db: Queryable,
  row: ScheduledTweetRow,
  tweetId: string,
  at: number,
): Promise<boolean> {
  const r = await db.run(
    `UPDATE ads_scheduled_tweets SET scheduled_status = 'SUCCESS', tweet_id = ?, completed_at = ?, updated_at = ?
     WHERE id = ? AND scheduled_status = 'SCHEDULED' AND updated_at = ?`,
    [tweetId, at, at, row.id, row.updated_at],
  );
  return r.changes === 1;
}
