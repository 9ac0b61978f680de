// Writes of posts: create (with replies, quotes, media, polls, places), edit, delete, repost.
// Every creation, edit and deletion writes an outbox event in the same transaction (stream and
// webhook delivery consume them). Throws problems; knows nothing of HTTP.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { perTurnOn } from '../../shared/turn-batch.js';
import type { Actor } from '../../shared/selection.js';
import { GROUPED, type Queryable } from '../../store/index.js';
import { enqueueSource } from '../../delivery/index.js';
import { edgesRepo } from '../edges/index.js';
import { isFollowing } from '../follows/index.js';
import { checkCommunityPost } from '../communities/index.js';
import { attachableMedia } from '../media/index.js';
import { placeById } from '../places/index.js';
import {
  bumpUserCounter,
  lockUser,
  requireUser,
  requireUserRow,
  setPinnedPost,
  unpinPost,
  userIdsByUsernames,
  type AccountRow,
  type UserRow,
} from '../users/index.js';
import { analyzeText, buildPost, mentionedIds, type PostInput } from './posts.build.js';
import { rememberWritten } from './posts.cache.js';
import { postsRepo, type PollRow, type PostRow } from './posts.repo.js';
import {
  checkEdit,
  checkExclusive,
  checkLength,
  checkMonthlyCap,
  checkReply,
  monthOf,
  replyLookups,
} from './posts.rules.js';
import type { CreatePostBody } from './posts.schema.js';
import { extractEntities, weightedLength, type AnnotationEntity, type Entities } from './posts.text.js';

export type Created = { id: string; text: string; edit_history_tweet_ids: string[] };
type Topic = 'post.create' | 'post.delete' | 'post.edit';

async function emit(deps: Deps, tx: Queryable, topic: Topic, p: PostRow, extra: Record<string, unknown> = {}) {
  await enqueueSource(deps, tx, { topic, payload: { post_id: p.id, author_id: p.author_id, ...extra } });
}

/** The SQL condition that post `id` exists (a write made only if it does: likes). */
export const postExistsCondition = (db: Queryable, id: string) => postsRepo.existsCondition(db, id);

/** A post the caller may act on, or the problem for a missing one. */
export async function requirePost(deps: Deps, id: string, parameter = 'id', db: Queryable = deps.db): Promise<PostRow> {
  const p = await postsRepo.byId(db, id);
  if (!p) throw problems.resourceNotFound({ parameter, value: id, resource_type: 'tweet' });
  return p;
}

async function resolver(deps: Deps, text: string): Promise<(u: string) => string | undefined> {
  return resolverOf(
    deps,
    (extractEntities(text).mentions ?? []).map((m) => m.username),
  );
}

/**
 * username (lower case) → id of the mentioned accounts that exist, through the server's cache of names
 * (userIdsByUsernames: on a shared store the names it does not know read with this turn's others).
 */
async function resolverOf(deps: Deps, names: string[]): Promise<(u: string) => string | undefined> {
  if (!names.length) return () => undefined;
  const ids = await userIdsByUsernames(deps, names);
  return (u) => ids.get(u);
}

const byIdLookup = perTurnOn(
  async (db: Queryable, ids: string[]) => new Map((await postsRepo.byIds(db, ids)).map((p) => [p.id, p])),
);
/**
 * A post by id for a creation's checks. On a shared store (PostgreSQL) the reads asked for in one turn
 * are one (shared/turn-batch.ts): the firehose starts a tick's posts in one turn, and its replies and
 * quotes read their targets, a statement each (issue #23). On the embedded store at once, as the
 * mentions (a read there costs a fraction of a turn's wait).
 */
function postForCheck(deps: Deps, id: string): Promise<PostRow | undefined> {
  if (deps.db.embedded) return postsRepo.byId(deps.db, id);
  return byIdLookup(deps.db, [id]).then((found) => found.get(id));
}

/** A reply's or quote's target, which must exist and be visible to the author (v1.1 code 385). */
async function target(deps: Deps, id: string, author: AccountRow, what: 'reply to' | 'quote'): Promise<PostRow> {
  const p = await postForCheck(deps, id);
  const owner = p && p.author_id !== author.id ? await requireUser(deps, p.author_id) : null;
  if (!p || (owner?.protected === 1 && !(await isFollowing(deps, author.id, owner.id)))) {
    const message = `You attempted to ${what} a Tweet that is deleted or not visible to you.`;
    throw problems.forbidden(message, { v1: { code: 385, message } });
  }
  return p;
}

export async function createPost(deps: Deps, actor: Actor, b: CreatePostBody): Promise<Created> {
  if (b.edit_options) return editPost(deps, actor, b);
  checkExclusive(b);
  const author = await requireUser(deps, actor.userId);
  const text = b.text ?? '';
  if (!text.trim() && !b.media && !b.poll) throw problems.invalidParam('text', text, 'Post text is empty.');
  checkLength(text, weightedLength(text), author);
  const replyTo = b.reply ? await target(deps, b.reply.in_reply_to_tweet_id, author, 'reply to') : undefined;
  if (replyTo) {
    const needs = replyLookups(actor, replyTo, author);
    const quoted = needs.quoted ? await postForCheck(deps, replyTo.quote_of_id!) : undefined;
    const follows = needs.follows && (await isFollowing(deps, replyTo.author_id, author.id));
    checkReply(actor, replyTo, quoted, author, follows);
  }
  const quoteOf = b.quote_tweet_id ? await target(deps, b.quote_tweet_id, author, 'quote') : undefined;
  const media = b.media ? await attachableMedia(deps, author.id, b.media.media_ids) : [];
  if (b.geo?.place_id && !placeById(b.geo.place_id))
    throw problems.invalidParam('geo.place_id', b.geo.place_id, `Place ${b.geo.place_id} was not found.`);
  if (b.community_id) await checkCommunityPost(deps, b.community_id, author.id);
  // The text is analysed once: the duplicate check compares its stored form, the mentions are looked up.
  const analysis = analyzeText(text, author.id);
  const id = deps.ids.next();
  const now = deps.clock.now();
  const pollId = b.poll ? deps.ids.next() : undefined;
  // The mentions' ids, before the transaction, through the server's cache of names (users.service
  // `userIdsByUsernames`): the names it does not know are read, on a shared store with the other
  // creations of this turn (one read for all of them, where inside the store's single write lane each
  // was a round trip a post: issue #23). On the embedded store they were read inside the transaction,
  // a read a post; one read ahead of it had made the firehose 10–20 % slower, a cache hit does not.
  const mentions = await resolverOf(deps, analysis.mentions);
  // The duplicate check and the monthly cap are settled when the run's posts and counts are written
  // (insertPost, countPost): two identical posts of one author in one group cannot both pass.
  const row = buildPost({
    id,
    authorId: author.id,
    authorUsername: author.username,
    text,
    createdAt: now,
    source: actor.app.name,
    appId: actor.app.id,
    replyTo,
    quoteOf,
    mediaKeys: media.map((m) => m.media_key),
    pollId,
    placeId: b.geo?.place_id,
    replySettings: b.reply_settings ?? b.poll?.reply_settings,
    paidPartnership: b.paid_partnership,
    communityId: b.community_id,
    shareWithFollowers: b.share_with_followers,
    nullcast: b.nullcast,
    resolve: mentions,
    analysis,
  });
  await deps.db.tx(async (tx) => {
    await postsRepo.countPost(tx, actor.app.id, monthOf(now), (total) => checkMonthlyCap(actor, total));
    await insertPost(tx, row, author, text.trim() ? analysis.text : undefined);
    if (b.poll) {
      const options = b.poll.options.map((label, i) => ({ position: i + 1, label, votes: 0 }));
      await postsRepo.insertPoll(tx, {
        id: row.poll_id!,
        post_id: id,
        options: JSON.stringify(options),
        duration_minutes: b.poll.duration_minutes,
        end_at: now + b.poll.duration_minutes * 60_000,
      });
    }
    await emit(deps, tx, 'post.create', row);
  }, GROUPED);
  rememberWritten(deps.runtime.postRows, [row]);
  return { id, text: row.text, edit_history_tweet_ids: [id] };
}

/** A post made outside the v2 write path: the Ads API's posts, published now or at a scheduled time. */
export type PlainPost = {
  authorId: string;
  text: string;
  /** The client's name as posts show it (`source`): the Ads API's posts say "Twitter for Advertisers". */
  source: string;
  appId: string | null;
  mediaKeys?: string[];
  nullcast: boolean;
  replySettings?: string;
};

/**
 * The row of a plain post (links, entities with mentions resolved, language), read before the
 * transaction that publishes it with publishPost, so that the caller can mark its own state in that
 * same transaction (a scheduled post's status).
 */
export async function preparePost(deps: Deps, p: PlainPost): Promise<{ row: PostRow; author: UserRow }> {
  // The whole row: the Ads API's answer shows the author with its counters.
  const author = await requireUserRow(deps, p.authorId);
  const row = buildPost({
    id: deps.ids.next(),
    authorId: author.id,
    authorUsername: author.username,
    text: p.text,
    createdAt: deps.clock.now(),
    source: p.source,
    appId: p.appId,
    mediaKeys: p.mediaKeys,
    nullcast: p.nullcast,
    replySettings: p.replySettings,
    resolve: await resolver(deps, p.text),
  });
  return { row, author };
}

/** Writes a prepared post inside the caller's transaction, with its outbox event (streams, webhooks). */
export async function publishPost(deps: Deps, tx: Queryable, row: PostRow, author: AccountRow): Promise<void> {
  await insertPost(tx, row, author);
  await emit(deps, tx, 'post.create', row);
}

/**
 * The row, its mentions, and every counter it moves (author, replied-to, quoted). With `unlessRepeat`
 * (the new post's stored text), refused when it repeats the author's latest post (the duplicate
 * check): in a transaction's run of grouped writes, when the run's posts are written (postsRepo.insertNew).
 */
export async function insertPost(
  tx: Queryable,
  row: PostRow,
  author: AccountRow,
  unlessRepeat?: string,
): Promise<void> {
  await postsRepo.insertNew(tx, row, unlessRepeat, duplicate);
  await postsRepo.insertMentions(tx, row.id, mentionedIds(row));
  await bumpUserCounter(tx, author.id, 'tweet_count', 1);
  const media = row.media_keys ? (JSON.parse(row.media_keys) as string[]).length : 0;
  if (media) await bumpUserCounter(tx, author.id, 'media_count', media);
  if (row.reply_to_id) await postsRepo.bumpMetric(tx, row.reply_to_id, 'reply_count', 1);
  // quote_count counts distinct quoting accounts (seed, Post object): settled with the run's writes.
  if (row.quote_of_id) await postsRepo.quoteMoved(tx, row.quote_of_id, author.id, 1);
  if (row.repost_of_id) await postsRepo.bumpMetric(tx, row.repost_of_id, 'retweet_count', 1);
}

/**
 * The real service refuses the same text twice in a row from one account: the text as it would be
 * stored (links wrapped) against the author's latest post that is not a repost (insertPost's
 * `unlessRepeat`, checked by the post's own INSERT).
 */
const duplicate = () =>
  problems.forbidden('You are not allowed to create a Tweet with duplicate content.', {
    v1: { code: 187, message: 'Status is a duplicate.' },
  });

/** An edit is a new post with a new id that continues the chain of `previous_post_id` (seed, Limits). */
export async function editPost(deps: Deps, actor: Actor, b: CreatePostBody): Promise<Created> {
  const prevId = b.edit_options!.previous_post_id;
  const prev = await requirePost(deps, prevId, 'edit_options.previous_post_id');
  const editor = await requireUser(deps, actor.userId);
  const now = deps.clock.now();
  checkEdit(prev, editor, now);
  const text = b.text ?? '';
  checkLength(text, weightedLength(text), editor);
  const media = b.media ? await attachableMedia(deps, editor.id, b.media.media_ids) : [];
  const id = deps.ids.next();
  const row = buildPost({
    id,
    authorId: editor.id,
    authorUsername: editor.username,
    text,
    createdAt: now,
    source: actor.app.name,
    appId: actor.app.id,
    editOf: prev,
    mediaKeys: b.media ? media.map((m) => m.media_key) : prev.media_keys ? JSON.parse(prev.media_keys) : undefined,
    placeId: b.geo?.place_id ?? prev.place_id ?? undefined,
    paidPartnership: b.paid_partnership,
    resolve: await resolver(deps, text),
  });
  await deps.db.tx(async (tx) => {
    // Only a chain's latest version is superseded: of two edits of one version at once, the second
    // gets the refusal it would get after the first (read again here), and the chain keeps one head.
    if (!(await postsRepo.supersede(tx, prev.id, id))) {
      const current = await requirePost(deps, prevId, 'edit_options.previous_post_id', tx);
      checkEdit(current, editor, deps.clock.now());
      throw problems.conflict(`Post ${prevId} changed while it was being edited; try again.`);
    }
    await postsRepo.insert(tx, row);
    await postsRepo.setHistory(tx, row.edit_root_id, row.edit_history);
    await postsRepo.insertMentions(tx, id, mentionedIds(row));
    await emit(deps, tx, 'post.edit', row, { previous_post_id: prev.id });
  }, GROUPED);
  return { id, text: row.text, edit_history_tweet_ids: JSON.parse(row.edit_history) };
}

export async function deletePost(deps: Deps, actor: Actor, id: string): Promise<{ deleted: boolean }> {
  // Deleted in the transaction, then read only when nothing was: of two deletes of one post at once,
  // the second finds it gone (404, as it would one after the other) instead of undoing its counters
  // and announcing it a second time.
  await deps.db.tx(async (tx) => {
    const versions = await postsRepo.deleteChainOf(tx, id, actor.userId);
    if (versions.length) return removed(deps, tx, versions);
    const p = await requirePost(deps, id, 'id', tx);
    if (p.author_id !== actor.userId) throw problems.forbidden('You are not authorized to delete this Tweet.');
    throw problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'tweet' });
  }, GROUPED);
  return { deleted: true };
}

/**
 * Removes every version of a post, its reposts, likes and bookmarks, and undoes its counters; false
 * when its rows were gone already. The rows go first: of two removals on two nodes of one PostgreSQL,
 * the second waits for the first's row locks and then finds nothing to remove, so counters and the
 * event move once.
 */
async function removePost(deps: Deps, tx: Queryable, p: PostRow): Promise<boolean> {
  const versions = await postsRepo.deleteChain(tx, p.edit_root_id);
  if (versions.length) await removed(deps, tx, versions);
  return versions.length > 0;
}

/** What goes with a post's versions, deleted (oldest first): their rows elsewhere, counters, the event. */
async function removed(deps: Deps, tx: Queryable, versions: PostRow[]): Promise<void> {
  const ids = versions.map((v) => v.id);
  const latest = versions[versions.length - 1]!;
  // Mention rows are written from a version's entities and a poll row with its poll_id (insertPost,
  // insertSeedPosts): a post naming neither has none to delete (issue #23: two statements a deletion).
  if (versions.some((v) => mentionedIds(v).length)) await postsRepo.deleteMentions(tx, ids);
  if (versions.some((v) => v.poll_id)) await postsRepo.deletePolls(tx, ids);
  // Counters are kept true: each like and bookmark moves its post's count, on every version, in its own
  // transaction (datasets count theirs). A post no one liked or bookmarked has none to remove.
  const liked = versions.some((v) => v.like_count !== 0);
  const bookmarked = versions.some((v) => v.bookmark_count !== 0);
  for (const v of versions) {
    // A repost is never reposted: repost() reposts the original, and datasets repost originals only.
    if (!v.repost_of_id)
      for (const r of await postsRepo.repostsOf(tx, v.id, { limit: 10_000 })) await removePost(deps, tx, r);
    if (liked)
      for (const liker of await edgesRepo.removeAll(tx, 'likes', 'target', v.id))
        await bumpUserCounter(tx, liker, 'like_count', -1);
    if (bookmarked) await edgesRepo.removeAll(tx, 'bookmarks', 'target', v.id);
    // Only an author pins a post (pinPost), so only the author's row can hold it.
    await unpinPost(tx, v.author_id, v.id);
  }
  await bumpUserCounter(tx, latest.author_id, 'tweet_count', -1);
  const media = latest.media_keys ? (JSON.parse(latest.media_keys) as string[]).length : 0;
  if (media) await bumpUserCounter(tx, latest.author_id, 'media_count', -media);
  if (latest.reply_to_id) await postsRepo.bumpMetric(tx, latest.reply_to_id, 'reply_count', -1);
  if (latest.repost_of_id) await postsRepo.bumpMetric(tx, latest.repost_of_id, 'retweet_count', -1);
  if (latest.quote_of_id) await postsRepo.quoteMoved(tx, latest.quote_of_id, latest.author_id, -1);
  await emit(deps, tx, 'post.delete', latest, { ids });
}

/** Reposts are posts (`RT @user: …`, referenced_tweets retweeted); reposting twice is a no-op. */
export async function repost(deps: Deps, actor: Actor, postId: string): Promise<{ retweeted: boolean }> {
  let original = await requirePost(deps, postId, 'tweet_id');
  if (original.repost_of_id) original = await requirePost(deps, original.repost_of_id, 'tweet_id');
  const owner = await requireUser(deps, original.author_id);
  if (owner.protected === 1 && owner.id !== actor.userId)
    throw problems.forbidden('You cannot Retweet a protected Tweet.');
  const resolve = await resolver(deps, original.text);
  // Whether it is reposted already is read in the transaction, after the reposter's row is locked:
  // two reposts of one post at once make one, on one node or on two sharing PostgreSQL.
  await deps.db.tx(async (tx) => {
    const locked = await lockUser(tx, actor.userId);
    if (await postsRepo.repostBy(tx, actor.userId, original.id)) return;
    const author = locked ?? (await requireUser(deps, actor.userId, 'id', tx));
    const row = buildPost({
      id: deps.ids.next(),
      authorId: author.id,
      authorUsername: author.username,
      text: '',
      createdAt: deps.clock.now(),
      source: actor.app.name,
      appId: actor.app.id,
      repostOf: { post: original, username: owner.username },
      resolve,
    });
    await insertPost(tx, row, author);
    await emit(deps, tx, 'post.create', row);
  }, GROUPED);
  return { retweeted: true };
}

export async function unrepost(deps: Deps, actor: Actor, postId: string): Promise<{ retweeted: boolean }> {
  // A repost is its own chain (never edited): found and deleted in one statement.
  await deps.db.tx(async (tx) => {
    for (const r of await postsRepo.deleteRepost(tx, actor.userId, postId)) await removed(deps, tx, [r]);
  }, GROUPED);
  return { retweeted: false };
}

/** Moves a post's engagement counter on every version (likes and bookmarks call this). */
export const bumpPostMetric = (tx: Queryable, postId: string, metric: 'like_count' | 'bookmark_count', delta: number) =>
  postsRepo.bumpMetric(tx, postId, metric, delta);
export type { PostInput };

/** Control API: replace a post's annotations (every version), for `context:` / `entity:` tests. */
export async function setAnnotations(
  deps: Deps,
  id: string,
  o: { context_annotations?: unknown[]; annotations?: AnnotationEntity[] },
): Promise<void> {
  const p = await requirePost(deps, id);
  const entities = p.entities ? (JSON.parse(p.entities) as Entities) : {};
  if (o.annotations !== undefined) {
    if (o.annotations.length) entities.annotations = o.annotations;
    else delete entities.annotations;
  }
  const context =
    o.context_annotations !== undefined
      ? o.context_annotations.length
        ? JSON.stringify(o.context_annotations)
        : null
      : p.context_annotations;
  await postsRepo.setAnnotations(
    deps.db,
    p.edit_root_id,
    Object.keys(entities).length ? JSON.stringify(entities) : null,
    context,
  );
}

/** Control API: set this month's post count of an app (to reach the basic tier's cap in tests). */
export async function setMonthlyUsage(
  deps: Deps,
  appId: string,
  posts: number,
): Promise<{ month: string; posts: number }> {
  const month = monthOf(deps.clock.now());
  await postsRepo.setUsage(deps.db, appId, month, posts);
  return { month, posts };
}

/** Control API: pin a post to its author's profile (`pinned_tweet_id`), or unpin with null. */
export async function pinPost(deps: Deps, userId: string, postId: string | null): Promise<void> {
  await requireUser(deps, userId);
  if (postId) {
    const p = await requirePost(deps, postId, 'tweet_id');
    if (p.author_id !== userId) throw problems.invalidParam('tweet_id', postId, 'A user can only pin their own post.');
  }
  await setPinnedPost(deps.db, userId, postId);
}

/** Bulk writes for datasets, inside the caller's transaction: rows, mentions and polls as given. */
export async function insertSeedPosts(tx: Queryable, rows: PostRow[], polls: PollRow[]): Promise<void> {
  await postsRepo.insertMany(tx, rows);
  await postsRepo.insertMentionsMany(
    tx,
    rows.flatMap((r) => mentionedIds(r).map((u) => [u, r.id] as [string, string])),
  );
  await postsRepo.insertPollsMany(tx, polls);
}

/** Whether a post exists (datasets check their marker post). */
export const postExists = async (deps: Deps, id: string) => Boolean(await postsRepo.byId(deps.db, id));
