// Draft posts (notes §9.2): content checked like POST tweet's (ads-tweets); PUT changes only the
// fields given (an empty card_uri or media_keys unsets it); delete is a hard delete answering
// `status: DELETED`; preview answers a message and no data.
import type { Deps } from '../../../deps.js';
import { requireUser } from '../../users/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { checkContent, checkedColumns, type NewContent, type UnpublishedReader } from '../ads-tweets/index.js';
import * as repo from './draft-tweets.repo.js';
import type { DraftTweetRow } from './draft-tweets.repo.js';
import { draftTweetView } from './draft-tweets.view.js';

export async function listDraftTweets(deps: Deps, account: AdsAccount, p: { user_id?: string }, q: ListQuery) {
  const { rows, total } = await repo.listDraftTweets(deps.db, account.id, p.user_id, q);
  const sortValue = (r: DraftTweetRow) => r[q.sort.attr as 'created_at'];
  return pageOf(rows, q, sortValue, draftTweetView, total);
}

async function requireDraft(deps: Deps, account: AdsAccount, id: string): Promise<DraftTweetRow> {
  const row = await repo.draftTweetById(deps.db, account.id, id);
  if (!row) throw notFound('Draft Tweet', id, account.id, 'draft_tweet_id');
  return row;
}

export async function getDraftTweet(deps: Deps, account: AdsAccount, id: string) {
  return draftTweetView(await requireDraft(deps, account, id));
}

export type NewDraft = NewContent;

export async function createDraftTweet(deps: Deps, account: AdsAccount, callerId: string, p: NewDraft) {
  const content = await checkedColumns(deps, account, callerId, p);
  const now = deps.clock.now();
  const row: DraftTweetRow = {
    id: deps.ids.next(),
    account_id: account.id,
    ...content,
    created_at: now,
    updated_at: now,
  };
  await deps.db.tx((tx) => repo.insertDraftTweet(tx, row));
  return draftTweetView(row);
}

export type ChangedDraft = {
  text?: string;
  card_uri?: string;
  media_keys?: string[];
  name?: string;
  nullcast?: boolean;
};

export async function updateDraftTweet(deps: Deps, account: AdsAccount, callerId: string, id: string, p: ChangedDraft) {
  const before = await requireDraft(deps, account, id);
  const row: DraftTweetRow = {
    ...before,
    text: p.text ?? before.text,
    name: p.name ?? before.name,
    card_uri: p.card_uri === undefined ? before.card_uri : p.card_uri || null,
    media_keys: p.media_keys === undefined ? before.media_keys : JSON.stringify(p.media_keys),
    nullcast: p.nullcast === undefined ? before.nullcast : p.nullcast ? 1 : 0,
    updated_at: deps.clock.now(),
  };
  await checkContent(deps, account, callerId, {
    userId: row.user_id,
    text: row.text,
    cardUri: row.card_uri,
    mediaKeys: JSON.parse(row.media_keys),
    nullcast: row.nullcast === 1,
  });
  await deps.db.tx(async (tx) => {
    if (!(await repo.draftTweetById(tx, account.id, id)))
      throw notFound('Draft Tweet', id, account.id, 'draft_tweet_id');
    await repo.updateDraftTweet(tx, row);
  });
  return draftTweetView(row);
}

export async function deleteDraftTweet(deps: Deps, account: AdsAccount, id: string) {
  const row = await requireDraft(deps, account, id);
  await deps.db.tx((tx) => repo.deleteDraftTweet(tx, id));
  return { ...draftTweetView(row), status: 'DELETED' };
}

/** "See @apimctestface's notifications in the X app to preview your Tweet." (notes §9.2): the draft's user. */
export async function previewDraftTweet(deps: Deps, account: AdsAccount, id: string): Promise<string> {
  const row = await requireDraft(deps, account, id);
  const user = await requireUser(deps, row.user_id);
  return `See @${user.username}'s notifications in the X app to preview your Tweet.`;
}

/** GET tweets?tweet_type=DRAFT (ads-tweets, composed in ads/index.ts). */
export const draftTweets: UnpublishedReader = (deps, accountId, userId, o) =>
  repo.draftsOf(deps.db, accountId, userId, o.limit, o.afterId);
