// Every SQL statement of scheduled promoted posts (ads_scheduled_promoted_tweets, migration 0014).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type ScheduledPromotedTweetRow = {
  id: string;
  account_id: string;
  line_item_id: string;
  scheduled_tweet_id: string;
  tweet_id: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };
const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');

export type ScheduledPromotedFilter = { accountId: string; lineItemIds?: string[]; ids?: string[] };

export async function listScheduledPromotedTweets(db: Queryable, f: ScheduledPromotedFilter, q: ListQuery) {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.lineItemIds) {
    where.push(`line_item_id IN (${marks(f.lineItemIds)})`);
    args.push(...f.lineItemIds);
  }
  if (f.ids) {
    where.push(`id IN (${marks(f.ids)})`);
    args.push(...f.ids);
  }
  const s: ListSql = { select: 'SELECT * FROM ads_scheduled_promoted_tweets', where, args, sortExpr: SORT };
  return listRows<ScheduledPromotedTweetRow>(db, s, q);
}

export const scheduledPromotedTweetById = (db: Queryable, accountId: string, id: string) =>
  db.get<ScheduledPromotedTweetRow>('SELECT * FROM ads_scheduled_promoted_tweets WHERE account_id = ? AND id = ?', [
    accountId,
    id,
  ]);

/** The live rows made from one scheduled post (filled when it publishes). */
export const fromScheduledTweet = (db: Queryable, scheduledTweetId: string) =>
  db.all<ScheduledPromotedTweetRow>(
    'SELECT * FROM ads_scheduled_promoted_tweets WHERE scheduled_tweet_id = ? AND deleted = 0 ORDER BY id',
    [scheduledTweetId],
  );

export async function insertScheduledPromotedTweet(db: Queryable, row: ScheduledPromotedTweetRow): Promise<void> {
  await insertObject(db, 'ads_scheduled_promoted_tweets', row);
}

export async function fillTweetId(db: Queryable, id: string, tweetId: string, at: number): Promise<void> {
  await db.run('UPDATE ads_scheduled_promoted_tweets SET tweet_id = ?, updated_at = ? WHERE id = ?', [tweetId, at, id]);
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_scheduled_promoted_tweets SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}
