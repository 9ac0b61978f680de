// Every SQL statement of draft posts (ads_draft_tweets, migration 0017).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type DraftTweetRow = {
  id: string;
  account_id: string;
  user_id: string;
  text: string;
  name: string | null;
  card_uri: string | null;
  media_keys: string;
  nullcast: number;
  created_at: number;
  updated_at: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at' };

export async function listDraftTweets(db: Queryable, accountId: string, userId: string | undefined, q: ListQuery) {
  const where = ['account_id = ?'];
  const args: unknown[] = [accountId];
  if (userId) {
    where.push('user_id = ?');
    args.push(userId);
  }
  const s: ListSql = { select: 'SELECT * FROM ads_draft_tweets', where, args, sortExpr: SORT, deletedColumn: null };
  return listRows<DraftTweetRow>(db, s, q);
}

/** The user's drafts on the account, newest first, after `afterId` (GET tweets). */
export async function draftsOf(db: Queryable, accountId: string, userId: string, limit: number, afterId?: string) {
  const after = afterId === undefined ? '' : ' AND id < ?';
  return db.all<DraftTweetRow>(
    `SELECT * FROM ads_draft_tweets WHERE account_id = ? AND user_id = ?${after} ORDER BY id DESC LIMIT ?`,
    [accountId, userId, ...(afterId === undefined ? [] : [afterId]), limit + 1],
  );
}

export const draftTweetById = (db: Queryable, accountId: string, id: string) =>
  db.get<DraftTweetRow>('SELECT * FROM ads_draft_tweets WHERE account_id = ? AND id = ?', [accountId, id]);

export async function insertDraftTweet(db: Queryable, row: DraftTweetRow): Promise<void> {
  await insertObject(db, 'ads_draft_tweets', row);
}

export async function updateDraftTweet(db: Queryable, row: DraftTweetRow): Promise<void> {
  await db.run(
    'UPDATE ads_draft_tweets SET text = ?, name = ?, card_uri = ?, media_keys = ?, nullcast = ?, updated_at = ? WHERE id = ?',
    [row.text, row.name, row.card_uri, row.media_keys, row.nullcast, row.updated_at, row.id],
  );
}

export async function deleteDraftTweet(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_draft_tweets WHERE id = ?', [id]);
}
