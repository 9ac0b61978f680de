// Scheduled promoted posts (notes §8.5): a scheduled post of the account to be promoted on one of its
// line items once it publishes. POST answers a single object; DELETE (soft) only before scheduled_at.
// When the scheduled post publishes, `tweet_id` is filled and a promoted post is made on the line
// item (promoted-tweets' promoteInTx), in the publishing transaction (onScheduledTweetPublished).
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { lineItemById } from '../line-items/index.js';
import { promoteInTx } from '../promoted-tweets/index.js';
import { scheduledTweetOf, type OnPublished } from '../scheduled-tweets/index.js';
import * as repo from './scheduled-promoted-tweets.repo.js';
import type { ScheduledPromotedTweetRow } from './scheduled-promoted-tweets.repo.js';
import { scheduledPromotedTweetView } from './scheduled-promoted-tweets.view.js';

export async function listScheduledPromotedTweets(
  deps: Deps,
  account: AdsAccount,
  p: { line_item_ids?: string[]; scheduled_promoted_tweet_ids?: string[] },
  q: ListQuery,
) {
  const f = { accountId: account.id, lineItemIds: p.line_item_ids, ids: p.scheduled_promoted_tweet_ids };
  const { rows, total } = await repo.listScheduledPromotedTweets(deps.db, f, q);
  const sortValue = (r: ScheduledPromotedTweetRow) => r[q.sort.attr as 'created_at'];
  return pageOf(rows, q, sortValue, scheduledPromotedTweetView, total);
}

const missing = (id: string, accountId: string) =>
  notFound('Scheduled Promoted Tweet', id, accountId, 'scheduled_promoted_tweet_id');

export async function getScheduledPromotedTweet(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.scheduledPromotedTweetById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw missing(id, account.id);
  return scheduledPromotedTweetView(row);
}

export async function createScheduledPromotedTweet(
  deps: Deps,
  account: AdsAccount,
  p: { line_item_id: string; scheduled_tweet_id: string },
) {
  const lineItem = await lineItemById(deps.db, account.id, p.line_item_id);
  if (!lineItem || lineItem.deleted) throw notFound('Line Item', p.line_item_id, account.id, 'line_item_id');
  const scheduled = await scheduledTweetOf(deps.db, account.id, p.scheduled_tweet_id);
  if (!scheduled) throw notFound('Scheduled Tweet', p.scheduled_tweet_id, account.id, 'scheduled_tweet_id');
  if (scheduled.scheduled_status !== 'SCHEDULED')
    throw adsError(
      'INVALID_PARAMETER',
      `Scheduled Tweet ${scheduled.id} is ${scheduled.scheduled_status}, not SCHEDULED`,
      'scheduled_tweet_id',
    );
  const now = deps.clock.now();
  const row: ScheduledPromotedTweetRow = {
    id: newId36(deps.ids),
    account_id: account.id,
    line_item_id: lineItem.id,
    scheduled_tweet_id: scheduled.id,
    tweet_id: null,
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await deps.db.tx((tx) => repo.insertScheduledPromotedTweet(tx, row));
  return scheduledPromotedTweetView(row);
}

/** "DELETE (only before scheduled_at)" (notes §8.5); a deleted or unknown one is 404. */
export async function deleteScheduledPromotedTweet(deps: Deps, account: AdsAccount, id: string) {
  const after = await deps.db.tx(async (tx) => {
    const before = await repo.scheduledPromotedTweetById(tx, account.id, id);
    if (!before || before.deleted) throw missing(id, account.id);
    const scheduled = await scheduledTweetOf(tx, account.id, before.scheduled_tweet_id);
    const now = deps.clock.now();
    if (before.tweet_id !== null || !scheduled || scheduled.scheduled_at <= now)
      throw adsError(
        'INVALID_PARAMETER',
        `Scheduled Promoted Tweet ${id} can be deleted only before its scheduled_at`,
        'scheduled_promoted_tweet_id',
      );
    await repo.markDeleted(tx, id, now);
    return { ...before, deleted: 1, updated_at: now };
  });
  return scheduledPromotedTweetView(after);
}

/** In the publishing transaction of a scheduled post: fill `tweet_id`, promote on the line item. */
export const onScheduledTweetPublished: OnPublished = async (deps: Deps, tx: Queryable, p) => {
  for (const row of await repo.fromScheduledTweet(tx, p.scheduledTweetId)) {
    await repo.fillTweetId(tx, row.id, p.tweetId, p.at);
    await promoteInTx(deps, tx, {
      accountId: row.account_id,
      lineItemId: row.line_item_id,
      tweetId: p.tweetId,
      userId: p.userId,
      at: p.at,
    });
  }
};
