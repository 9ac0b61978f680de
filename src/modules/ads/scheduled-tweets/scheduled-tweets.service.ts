// Scheduled posts (notes §9.1): content checked like POST tweet's (ads-tweets), `scheduled_at` at most
// a year ahead with its seconds ignored, published by the service clock (scheduled-tweets.publisher.ts).
// Only a post still SCHEDULED may change; delete is a hard delete answering `scheduled_status: DELETED`.
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, invalid, notFound } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { checkContent, checkedColumns, type NewContent, type UnpublishedReader } from '../ads-tweets/index.js';
import { armPublish } from './scheduled-tweets.publisher.js';
import * as repo from './scheduled-tweets.repo.js';
import type { ScheduledTweetRow } from './scheduled-tweets.repo.js';
import { scheduledTweetView } from './scheduled-tweets.view.js';

const YEAR_MS = 365 * 24 * 3_600_000;
const MINUTE_MS = 60_000;

export async function listScheduledTweets(deps: Deps, account: AdsAccount, p: { user_id?: string }, q: ListQuery) {
  const { rows, total } = await repo.listScheduledTweets(deps.db, account.id, p.user_id, q);
  const sortValue = (r: ScheduledTweetRow) => r[q.sort.attr as 'created_at'];
  return pageOf(rows, q, sortValue, scheduledTweetView, total);
}

async function requireScheduled(deps: Deps, account: AdsAccount, id: string): Promise<ScheduledTweetRow> {
  const row = await repo.scheduledTweetById(deps.db, account.id, id);
  if (!row) throw notFound('Scheduled Tweet', id, account.id, 'scheduled_tweet_id');
  return row;
}

export async function getScheduledTweet(deps: Deps, account: AdsAccount, id: string) {
  return scheduledTweetView(await requireScheduled(deps, account, id));
}

/** The scheduled post a scheduled promoted post is made from (scheduled-promoted-tweets). */
export const scheduledTweetOf = (db: Queryable, accountId: string, id: string) =>
  repo.scheduledTweetById(db, accountId, id);

/** "scheduled_at ≤ 1 year ahead; seconds ignored" (notes §9.1); a time already past cannot be scheduled. */
function scheduledAt(deps: Deps, ms: number): number {
  const at = ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const now = deps.clock.now();
  if (at <= now) throw invalid('scheduled_at', 'scheduled_at must be in the future');
  if (at > now + YEAR_MS) throw invalid('scheduled_at', 'scheduled_at must be at most one year ahead');
  return at;
}

export type NewScheduled = NewContent & { scheduled_at: number };

export async function createScheduledTweet(
  deps: Deps,
  account: AdsAccount,
  caller: { userId: string; appId: string },
  p: NewScheduled,
) {
  const at = scheduledAt(deps, p.scheduled_at);
  const content = await checkedColumns(deps, account, caller.userId, p);
  const now = deps.clock.now();
  const row: ScheduledTweetRow = {
    id: deps.ids.next(),
    account_id: account.id,
    app_id: caller.appId,
    ...content,
    scheduled_at: at,
    scheduled_status: 'SCHEDULED',
    completed_at: null,
    tweet_id: null,
    created_at: now,
    updated_at: now,
  };
  await deps.db.tx((tx) => repo.insertScheduledTweet(tx, row));
  armPublish(deps, row.id, row.scheduled_at);
  return scheduledTweetView(row);
}

export type ChangedScheduled = {
  scheduled_at?: number;
  text?: string;
  card_uri?: string;
  media_keys?: string[];
  name?: string;
  nullcast?: boolean;
};

/** PUT: only the fields given; an empty card_uri or media_keys unsets it (notes §9.1). */
export async function updateScheduledTweet(
  deps: Deps,
  account: AdsAccount,
  callerId: string,
  id: string,
  p: ChangedScheduled,
) {
  const before = await requireScheduled(deps, account, id);
  if (before.scheduled_status !== 'SCHEDULED')
    throw adsError(
      'INVALID_PARAMETER',
      `Scheduled Tweet ${id} is ${before.scheduled_status} and can no longer be changed`,
      'scheduled_tweet_id',
    );
  const row: ScheduledTweetRow = {
    ...before,
    text: p.text ?? before.text,
    name: p.name ?? before.name,
    card_uri: p.card_uri === undefined ? before.card_uri : p.card_uri || null,
    media_keys: p.media_keys === undefined ? before.media_keys : JSON.stringify(p.media_keys),
    nullcast: p.nullcast === undefined ? before.nullcast : p.nullcast ? 1 : 0,
    scheduled_at: p.scheduled_at === undefined ? before.scheduled_at : scheduledAt(deps, p.scheduled_at),
    updated_at: Math.max(deps.clock.now(), before.updated_at + 1),
  };
  await checkContent(deps, account, callerId, {
    userId: row.user_id,
    text: row.text,
    cardUri: row.card_uri,
    mediaKeys: JSON.parse(row.media_keys),
    nullcast: row.nullcast === 1,
  });
  const changed = await deps.db.tx(async (tx) => {
    const now = await repo.scheduledTweetById(tx, account.id, id);
    if (!now || now.scheduled_status !== 'SCHEDULED' || now.updated_at !== before.updated_at) return false;
    await repo.updateScheduledTweet(tx, row);
    return true;
  });
  if (!changed)
    throw adsError('INVALID_PARAMETER', `Scheduled Tweet ${id} changed while being updated`, 'scheduled_tweet_id');
  armPublish(deps, row.id, row.scheduled_at);
  return scheduledTweetView(row);
}

export async function deleteScheduledTweet(deps: Deps, account: AdsAccount, id: string) {
  const row = await requireScheduled(deps, account, id);
  await deps.db.tx((tx) => repo.deleteScheduledTweet(tx, id));
  armPublish(deps, id, null);
  return { ...scheduledTweetView(row), scheduled_status: 'DELETED' };
}

/** GET tweets?tweet_type=SCHEDULED: the user's posts still waiting (ads-tweets, composed in ads/index.ts). */
export const waitingTweets: UnpublishedReader = (deps, accountId, userId, o) =>
  repo.pendingOf(deps.db, accountId, userId, o.limit, o.afterId);
