// Every SQL statement of promoted posts (ads_promoted_tweets).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type PromotedTweetRow = {
  id: string;
  account_id: string;
  line_item_id: string;
  tweet_id: string;
  entity_status: string;
  approval_status: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = {
  created_at: 'pt.created_at',
  updated_at: 'pt.updated_at',
  deleted: 'pt.deleted',
  // `paused` is sortable (notes §4); a promoted post is paused when its entity_status is PAUSED.
  paused: "(CASE WHEN pt.entity_status = 'PAUSED' THEN 1 ELSE 0 END)",
};

// Promoted posts of a deleted line item keep `deleted: false` and are listed only with
// with_deleted=true (seed, "States and transitions"): the list reads the parent's flag too.
const FROM = 'ads_promoted_tweets pt LEFT JOIN ads_line_items li ON li.id = pt.line_item_id';

export type PromotedTweetFilter = { accountId: string; lineItemIds?: string[]; ids?: string[] };

const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');

function listSql(f: PromotedTweetFilter): ListSql {
  const where = ['pt.account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.lineItemIds) {
    where.push(`pt.line_item_id IN (${marks(f.lineItemIds)})`);
    args.push(...f.lineItemIds);
  }
  if (f.ids) {
    where.push(`pt.id IN (${marks(f.ids)})`);
    args.push(...f.ids);
  }
  return {
    select: `SELECT pt.* FROM ${FROM}`,
    where,
    args,
    sortExpr: SORT,
    deletedColumn: '(pt.deleted + COALESCE(li.deleted, 0))',
    idColumn: 'pt.id',
  };
}

export async function listPromotedTweets(db: Queryable, f: PromotedTweetFilter, q: ListQuery) {
  const s = listSql(f);
  return listRows<PromotedTweetRow>(db, s, q);
}

export async function promotedTweetById(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<PromotedTweetRow | undefined> {
  return db.get<PromotedTweetRow>('SELECT * FROM ads_promoted_tweets WHERE account_id = ? AND id = ?', [accountId, id]);
}

export async function insertPromotedTweet(db: Queryable, row: PromotedTweetRow): Promise<void> {
  await insertObject(db, 'ads_promoted_tweets', row);
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_promoted_tweets SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}
