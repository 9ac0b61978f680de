// Posts made through the Ads API (seed "Creatives"; notes §9.3): POST tweet publishes a real post in
// Aviary's store (readable through /2/tweets/:id, promotable, seen by search and stream rules;
// promoted-only by default), PUT tweets/:id/name names one, GET tweets lists the published, scheduled
// or draft posts of a promotable user.
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { cachedPosts, postsOfAuthor, preparePost, publishPost, type PostRow } from '../../posts/index.js';
import { requireUserRow, type UserRow } from '../../users/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, type AdsError } from '../kit/errors.js';
import { markTweeted } from '../media-library/index.js';
import { isPromotableUser } from '../promotable-users/index.js';
import { checkContent } from './ads-tweets.content.js';
import * as repo from './ads-tweets.repo.js';
import type { MediaKind } from './ads-tweets.rules.js';
import { adsTweetView, listedTweetView, unpublishedTweetView, type UnpublishedTweet } from './ads-tweets.view.js';

/** What posts made through the Ads API show as their client (issue #18, as on the real service). */
export const ADS_SOURCE = 'Twitter for Advertisers';

/** conversation_settings → the post's reply settings (seed: EVERYONE default, FOLLOWING, MENTIONED_USERS). */
const REPLY_SETTINGS = { EVERYONE: 'everyone', FOLLOWING: 'following', MENTIONED_USERS: 'mentionedUsers' } as const;
export type ConversationSettings = keyof typeof REPLY_SETTINGS;

export type TweetParams = {
  as_user_id: string;
  text?: string;
  card_uri?: string;
  conversation_settings?: ConversationSettings;
  media_keys?: string[];
  name?: string;
  nullcast: boolean;
  trim_user: boolean;
  tweet_mode?: 'compat' | 'extended';
  video_cta?: 'VISIT_SITE' | 'WATCH_NOW';
  video_cta_value?: string;
  video_description?: string;
  video_title?: string;
};

const VIDEO_FIELDS = ['video_cta', 'video_cta_value', 'video_title', 'video_description'] as const;

/** The video fields describe a video: they need one among the media, and a CTA needs its value (seed). */
function videoErrors(p: TweetParams, kinds: MediaKind[] | null): AdsError[] {
  const out: AdsError[] = [];
  if ((p.video_cta === undefined) !== (p.video_cta_value === undefined))
    out.push({
      code: 'INCLUSIVE_PARAMETERS',
      message: 'video_cta and video_cta_value are inclusive parameters',
      parameter: p.video_cta === undefined ? 'video_cta' : 'video_cta_value',
    });
  const given = VIDEO_FIELDS.filter((f) => p[f] !== undefined);
  if (given.length && kinds && !kinds.includes('VIDEO'))
    out.push({
      code: 'INVALID_PARAMETER',
      message: `${given[0]} requires a video in media_keys`,
      parameter: given[0]!,
    });
  return out;
}

/** The media kinds are known only once the content passed; the video rules run with them. */
export async function postTweet(
  deps: Deps,
  account: AdsAccount,
  caller: { userId: string; appId: string },
  p: TweetParams,
) {
  const content = {
    userId: p.as_user_id,
    text: p.text ?? '',
    cardUri: p.card_uri ?? null,
    mediaKeys: p.media_keys ?? [],
    nullcast: p.nullcast,
  };
  const kinds = await checkContent(deps, account, caller.userId, content, videoErrors(p, null));
  const video = videoErrors(p, kinds);
  if (video.length) throw adsError(video[0]!.code, video[0]!.message, video[0]!.parameter);
  const { row, author } = await preparePost(deps, {
    authorId: p.as_user_id,
    text: content.text,
    source: ADS_SOURCE,
    appId: caller.appId,
    mediaKeys: content.mediaKeys,
    nullcast: p.nullcast,
    replySettings: REPLY_SETTINGS[p.conversation_settings ?? 'EVERYONE'],
  });
  const videoFields = Object.fromEntries(VIDEO_FIELDS.flatMap((f) => (p[f] === undefined ? [] : [[f, p[f]]])));
  await deps.db.tx(async (tx) => {
    await publishPost(deps, tx, row, author);
    await markTweeted(tx, account.id, content.mediaKeys);
    await recordAdsTweet(tx, {
      tweetId: row.id,
      accountId: account.id,
      name: p.name ?? null,
      cardUri: content.cardUri,
      conversationSettings: p.conversation_settings ?? null,
      video: Object.keys(videoFields).length ? JSON.stringify(videoFields) : null,
      at: row.created_at,
    });
  });
  // conversation_settings is not in the answer (seed).
  return adsTweetView(row, author, { trimUser: p.trim_user, extended: p.tweet_mode === 'extended' });
}

/** What the Ads API keeps beside a post it published (also for scheduled posts when they publish). */
export async function recordAdsTweet(
  tx: Queryable,
  t: {
    tweetId: string;
    accountId: string;
    name: string | null;
    cardUri: string | null;
    conversationSettings?: string | null;
    video?: string | null;
    at: number;
  },
): Promise<void> {
  await repo.insertAdsTweet(tx, {
    tweet_id: t.tweetId,
    account_id: t.accountId,
    name: t.name,
    card_uri: t.cardUri,
    conversation_settings: t.conversationSettings ?? null,
    video: t.video ?? null,
    created_at: t.at,
    updated_at: t.at,
  });
}

/** A post of a promotable user of the account, or TWEET_NOT_FOUND naming `parameter`. */
async function accountPost(deps: Deps, account: AdsAccount, id: string, parameter: string): Promise<PostRow> {
  const [post] = await cachedPosts(deps, [id]);
  if (!post || !(await isPromotableUser(deps.db, account.id, post.author_id)))
    throw adsError('TWEET_NOT_FOUND', `Tweet ${id} was not found for Account ${account.id}`, parameter);
  return post;
}

/** PUT tweets/:tweet_id/name (seed: name max 80); answers the post as GET tweets lists it. */
export async function nameTweet(deps: Deps, account: AdsAccount, tweetId: string, name: string) {
  const post = await accountPost(deps, account, tweetId, 'tweet_id');
  await repo.setName(deps.db, post.id, account.id, name, deps.clock.now());
  const [extras] = await repo.adsTweetsByIds(deps.db, [post.id]);
  return listedTweetView(post, await requireUserRow(deps, post.author_id), extras, false);
}

// ---- GET tweets

export type TweetType = 'DRAFT' | 'PUBLISHED' | 'SCHEDULED';
export type ListTweetsParams = {
  tweet_type: TweetType;
  count: number;
  cursor?: string;
  include_mentions_and_replies: boolean;
  name?: string;
  timeline_type: 'ALL' | 'NULLCAST' | 'ORGANIC';
  trim_user: boolean;
  tweet_ids?: string[];
  user_id?: string;
};

/**
 * Draft and scheduled posts are other resources; the Ads root hands their readers in (ads/index.ts):
 * `limit + 1` rows of the user on the account, newest first, after `afterId`.
 */
export type UnpublishedReader = (
  deps: Deps,
  accountId: string,
  userId: string,
  o: { limit: number; afterId?: string },
) => Promise<UnpublishedTweet[]>;
export type UnpublishedReaders = Record<'DRAFT' | 'SCHEDULED', UnpublishedReader>;

const NULLCAST = { ALL: undefined, NULLCAST: 1, ORGANIC: 0 } as const;
const BATCH = 200;

/** A mention at the start of the text: a reply in all but form (include_mentions_and_replies). */
const isReplyLike = (p: PostRow) => p.reply_to_id !== null || /^\s*[@＠]\w/.test(p.text);

/**
 * Rows of the list, newest first, from `next(afterId)` batches of `BATCH + 1`, keeping those that
 * pass `keep`, until one more than `count` is found or nothing is left. The cursor is the id of the
 * last row shown (the docs show numeric cursors, notes §4).
 */
async function collect<R extends { id: string }>(
  count: number,
  cursor: string | undefined,
  next: (afterId: string | undefined) => Promise<R[]>,
  keep: (r: R) => boolean | Promise<boolean>,
): Promise<{ rows: R[]; next_cursor: string | null }> {
  const out: R[] = [];
  let after = cursor;
  for (;;) {
    const read = await next(after);
    const batch = read.slice(0, BATCH);
    for (const r of batch) {
      if (await keep(r)) out.push(r);
      if (out.length > count) break;
    }
    if (out.length > count || read.length <= BATCH || !batch.length) break;
    after = batch[batch.length - 1]!.id;
  }
  const rows = out.slice(0, count);
  return { rows, next_cursor: out.length > count ? rows[rows.length - 1]!.id : null };
}

/** Filters by ids in memory (at most 200): the rows as `next` would read them. */
const byIds = <R extends { id: string }>(rows: R[], afterId: string | undefined) =>
  rows
    .filter((r) => afterId === undefined || r.id.padStart(19, '0') < afterId.padStart(19, '0'))
    .sort((a, b) => (a.id.padStart(19, '0') < b.id.padStart(19, '0') ? 1 : -1));

export async function listTweets(deps: Deps, account: AdsAccount, p: ListTweetsParams, readers: UnpublishedReaders) {
  // user_id defaults to the account's FULL promotable user, its owner (DOCS GET tweets).
  const userId = p.user_id ?? account.owner_user_id;
  if (!(await isPromotableUser(deps.db, account.id, userId)))
    throw adsError('INVALID_USER_ID', `User ${userId} is not a promotable user of Account ${account.id}`, 'user_id');
  const ids = p.tweet_ids ? new Set(p.tweet_ids) : null;
  const nameOk = (name: string | null) =>
    p.name === undefined || (name ?? '').toLowerCase().includes(p.name.toLowerCase());

  if (p.tweet_type !== 'PUBLISHED') {
    const read = readers[p.tweet_type];
    const page = await collect(
      p.count,
      p.cursor,
      (afterId) => read(deps, account.id, userId, { limit: BATCH, afterId }),
      (t) => (!ids || ids.has(t.id)) && nameOk(t.name),
    );
    return {
      data: page.rows.map((t) => unpublishedTweetView(t, p.tweet_type as 'DRAFT')),
      next_cursor: page.next_cursor,
    };
  }

  const nullcast = NULLCAST[p.timeline_type];
  const chosen = ids ? (await cachedPosts(deps, [...ids])).filter((r) => r.author_id === userId) : null;
  const next = async (afterId: string | undefined) =>
    chosen
      ? byIds(chosen, afterId).filter((r) => nullcast === undefined || r.nullcast === nullcast)
      : postsOfAuthor(deps, userId, { nullcast, limit: BATCH, afterId });
  const extras = new Map<string, repo.AdsTweetRow>();
  const keep = async (r: PostRow) => {
    if (r.superseded_by !== null || r.repost_of_id !== null) return false;
    if (!p.include_mentions_and_replies && isReplyLike(r)) return false;
    if (p.name === undefined) return true;
    const [x] = await repo.adsTweetsByIds(deps.db, [r.id]);
    if (x) extras.set(r.id, x);
    return nameOk(x?.name ?? null);
  };
  const page = await collect(p.count, p.cursor, next, keep);
  for (const x of await repo.adsTweetsByIds(
    deps.db,
    page.rows.map((r) => r.id),
  ))
    extras.set(x.tweet_id, x);
  const author: UserRow = await requireUserRow(deps, userId);
  return {
    data: page.rows.map((r) => listedTweetView(r, author, extras.get(r.id), p.trim_user)),
    next_cursor: page.next_cursor,
  };
}
