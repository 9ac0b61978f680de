// Promoted posts: posts of the account's promotable users attached to its line items (notes §8.5),
// each change recorded in the account history.
import type { Deps } from '../../../deps.js';
import { Problem } from '../../../shared/problems.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, notFound, type AdsError } from '../kit/errors.js';
import { recordChange, type ChangeType } from '../kit/history.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { lineItemById } from '../line-items/index.js';
import { isPromotableUser } from '../promotable-users/index.js';
import { requirePost } from '../../posts/index.js';
import * as repo from './promoted-tweets.repo.js';
import type { PromotedTweetRow } from './promoted-tweets.repo.js';
import { promotedTweetView } from './promoted-tweets.view.js';

export async function listPromotedTweets(
  deps: Deps,
  account: AdsAccount,
  p: { line_item_ids?: string[]; promoted_tweet_ids?: string[] },
  q: ListQuery,
) {
  const f = { accountId: account.id, lineItemIds: p.line_item_ids, ids: p.promoted_tweet_ids };
  const { rows, total } = await repo.listPromotedTweets(deps.db, f, q);
  const sortValue = (r: PromotedTweetRow) =>
    q.sort.attr === 'paused'
      ? Number(r.entity_status === 'PAUSED')
      : (r[q.sort.attr as keyof PromotedTweetRow] as number);
  return pageOf(rows, q, sortValue, promotedTweetView, total);
}

/**
 * A deleted promoted post is found only with `with_deleted=true`. One whose line item was deleted is
 * still found: the seed hides those from listings only.
 */
export async function getPromotedTweet(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.promotedTweetById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw notFound('Promoted Tweet', id, account.id, 'promoted_tweet_id');
  return promotedTweetView(row);
}

/** The post, or null when Aviary's store has no such post. */
async function postOrNull(deps: Deps, id: string) {
  try {
    return await requirePost(deps, id, 'tweet_ids');
  } catch (e) {
    if (e instanceof Problem && e.status === 404) return null;
    throw e;
  }
}

/**
 * What is wrong with promoting this post on the account, if anything. The codes are the table's
 * (notes §3.2); the messages are Aviary's wording, in the pattern of the real
 * `Line Item gsmga was not found for Account xxxx`.
 */
async function tweetError(deps: Deps, accountId: string, tweetId: string): Promise<AdsError | null> {
  const post = await postOrNull(deps, tweetId);
  if (!post) return { code: 'TWEET_NOT_FOUND', message: `Tweet ${tweetId} was not found`, parameter: 'tweet_ids' };
  if (!(await isPromotableUser(deps.db, accountId, post.author_id)))
    return {
      code: 'INVALID_TWEET',
      message: `Tweet ${tweetId} is not by a promotable user of Account ${accountId}`,
      parameter: 'tweet_ids',
    };
  return null;
}

async function record(
  deps: Deps,
  tx: Queryable,
  userId: string,
  type: ChangeType,
  row: PromotedTweetRow,
  before?: PromotedTweetRow,
) {
  await recordChange(tx, deps.ids, {
    accountId: row.account_id,
    entityType: 'PROMOTED_TWEET',
    entityId: row.id,
    changeType: type,
    at: row.updated_at,
    userId,
    after: promotedTweetView(row),
    before: before ? promotedTweetView(before) : null,
  });
}

/**
 * Promotes up to 50 posts on a line item of the account (notes §8.5). Every post must be in Aviary's
 * store and by a promotable user of the account; every bad one is reported, and then nothing is made.
 */
export async function createPromotedTweets(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  p: { line_item_id: string; tweet_ids: string[] },
) {
  const lineItem = await lineItemById(deps.db, account.id, p.line_item_id);
  if (!lineItem || lineItem.deleted) throw notFound('Line Item', p.line_item_id, account.id, 'line_item_id');
  const errors: AdsError[] = [];
  for (const id of p.tweet_ids) {
    const e = await tweetError(deps, account.id, id);
    if (e) errors.push(e);
  }
  if (errors.length) throw adsErrors(errors);
  const now = deps.clock.now();
  const rows = await deps.db.tx(async (tx) => {
    const made: PromotedTweetRow[] = [];
    for (const tweetId of p.tweet_ids) {
      const row: PromotedTweetRow = {
        id: newId36(deps.ids),
        account_id: account.id,
        line_item_id: lineItem.id,
        tweet_id: tweetId,
        entity_status: 'ACTIVE',
        approval_status: 'ACCEPTED',
        created_at: now,
        updated_at: now,
        deleted: 0,
      };
      await repo.insertPromotedTweet(tx, row);
      await record(deps, tx, userId, 'CREATE', row);
      made.push(row);
    }
    return made;
  });
  return rows.map(promotedTweetView);
}

/**
 * Promotes one post inside the caller's transaction, unchecked: a scheduled promoted post becomes a
 * promoted post when its scheduled post publishes (scheduled-promoted-tweets), in the publishing
 * transaction. The line item is checked live here; a deleted one promotes nothing (null).
 */
export async function promoteInTx(
  deps: Deps,
  tx: Queryable,
  p: { accountId: string; lineItemId: string; tweetId: string; userId: string; at: number },
): Promise<PromotedTweetRow | null> {
  const lineItem = await lineItemById(tx, p.accountId, p.lineItemId);
  if (!lineItem || lineItem.deleted) return null;
  const row: PromotedTweetRow = {
    id: newId36(deps.ids),
    account_id: p.accountId,
    line_item_id: p.lineItemId,
    tweet_id: p.tweetId,
    entity_status: 'ACTIVE',
    approval_status: 'ACCEPTED',
    created_at: p.at,
    updated_at: p.at,
    deleted: 0,
  };
  await repo.insertPromotedTweet(tx, row);
  await record(deps, tx, p.userId, 'CREATE', row);
  return row;
}

/** Soft delete; a deleted or unknown promoted post is 404, so a repeated delete is too. */
export async function deletePromotedTweet(deps: Deps, account: AdsAccount, userId: string, id: string) {
  const after = await deps.db.tx(async (tx) => {
    const before = await repo.promotedTweetById(tx, account.id, id);
    if (!before || before.deleted) throw notFound('Promoted Tweet', id, account.id, 'promoted_tweet_id');
    const now = deps.clock.now();
    await repo.markDeleted(tx, id, now);
    const row = { ...before, deleted: 1, updated_at: now };
    await record(deps, tx, userId, 'DELETE', row, before);
    return row;
  });
  return promotedTweetView(after);
}
