// Reads of posts: lookups by id and every timeline (a user's posts, mentions, home, quotes,
// reposts, and any list of post ids a relation module pages through), rendered with fields and
// expansions. Timelines page by post id with opaque tokens; empty pages omit `data` (notes §1.4).
import type { Deps } from '../../deps.js';
import { encodeToken, type PageMeta, type Position } from '../../shared/cursor.js';
import { partialError, problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { followedAmong } from '../follows/index.js';
import { cachedUsers, findUsersByUsernames, requireUser, type UserRow } from '../users/index.js';
import { renderPosts, renderUsers, type Envelope } from './posts.expand.js';
import { cachedByIds } from './posts.cache.js';
import { postsRepo, type PostRow, type TimelineFilter } from './posts.repo.js';

export type Window = { sinceId?: string; untilId?: string; startTime?: number; endTime?: number };
export type TimelineQuery = { limit: number; position: Position | null; window?: Window; exclude?: readonly string[] };

/** GET /2/tweets?ids= and GET /2/tweets/:id: missing ids are partial errors in a 200. */
export async function lookupPosts(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  sel: Selection,
  single = false,
): Promise<Envelope> {
  const rows = new Map((await cachedByIds(deps.db, ids)).map((r) => [r.id, r]));
  const parameter = single ? 'id' : 'ids';
  const found: PostRow[] = [];
  const errors = [];
  for (const id of ids) {
    const r = rows.get(id);
    if (r) found.push(r);
    else errors.push(partialError(problems.resourceNotFound({ parameter, value: id, resource_type: 'tweet' })));
  }
  return renderPosts(deps, viewer, found, sel, { parameter, single, extraErrors: errors });
}

function filterOf(q: TimelineQuery): TimelineFilter {
  const f: TimelineFilter = { limit: q.limit, ...q.window };
  if (q.position?.dir === 'next') f.afterId = q.position.cursor;
  if (q.position?.dir === 'prev') f.beforeId = q.position.cursor;
  if (q.exclude?.includes('replies')) f.excludeReplies = true;
  if (q.exclude?.includes('retweets')) f.excludeReposts = true;
  return f;
}

/** Meta of a post timeline: counts, newest/oldest ids and tokens (notes §8.2). */
function timelineMeta(
  rows: PostRow[],
  more: boolean,
  q: TimelineQuery,
  withPrevious = true,
): PageMeta & { newest_id?: string; oldest_id?: string } {
  if (!rows.length) return { result_count: 0 };
  const meta: PageMeta & { newest_id?: string; oldest_id?: string } = {
    result_count: rows.length,
    newest_id: rows[0]!.id,
    oldest_id: rows[rows.length - 1]!.id,
  };
  if (more) meta.next_token = encodeToken({ dir: 'next', cursor: rows[rows.length - 1]!.id });
  if (withPrevious && q.position) meta.previous_token = encodeToken({ dir: 'prev', cursor: rows[0]!.id });
  return meta;
}

type Reader = (f: TimelineFilter) => Promise<PostRow[]>;

/** One page of a timeline, newest first, hiding posts of protected authors the viewer cannot see. */
export async function timeline(
  deps: Deps,
  viewer: Viewer,
  read: Reader,
  q: TimelineQuery,
  sel: Selection,
  withPrevious = true,
): Promise<Envelope> {
  const f = filterOf(q);
  let rows = await read(f);
  let more = rows.length > q.limit;
  rows = rows.slice(0, q.limit);
  if (f.beforeId !== undefined) {
    rows.reverse();
    more = true;
  }
  const hidden = await hiddenAuthors(deps, viewer, rows);
  const shown = rows.filter((r) => !hidden.has(r.author_id));
  const env = await renderPosts(deps, viewer, shown, sel, { parameter: 'id' });
  return { ...env, meta: timelineMeta(shown, more && shown.length > 0, q, withPrevious) };
}

async function hiddenAuthors(deps: Deps, viewer: Viewer, rows: PostRow[]): Promise<Set<string>> {
  const authors = [...new Set(rows.map((r) => r.author_id))];
  const users = await cachedUsers(deps, authors);
  const locked = users.filter((u) => u.protected === 1 && u.id !== viewer.userId).map((u) => u.id);
  if (!locked.length) return new Set();
  const followed = await followedAmong(deps, viewer.userId, locked);
  return new Set(locked.filter((id) => !followed.has(id)));
}

/** A protected user's own lists are readable only by them and their followers. */
async function requireVisibleUser(deps: Deps, viewer: Viewer, userId: string): Promise<Envelope | null> {
  const u = await requireUser(deps, userId);
  if (u.protected !== 1 || u.id === viewer.userId) return null;
  if ((await followedAmong(deps, viewer.userId, [u.id])).has(u.id)) return null;
  return {
    errors: [
      partialError(
        problems.notAuthorizedForResource({ parameter: 'id', value: userId, resource_type: 'user', section: 'data' }),
      ),
    ],
  };
}

export async function userPosts(
  deps: Deps,
  viewer: Viewer,
  userId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  return (
    (await requireVisibleUser(deps, viewer, userId)) ??
    timeline(deps, viewer, (f) => postsRepo.byAuthor(deps.db, userId, f), q, sel)
  );
}

export async function mentions(
  deps: Deps,
  viewer: Viewer,
  userId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  return (
    (await requireVisibleUser(deps, viewer, userId)) ??
    timeline(deps, viewer, (f) => postsRepo.mentioning(deps.db, userId, f), q, sel)
  );
}

/** The reverse-chronological home timeline: only the signed-in user's own (seed: reads of own data). */
export async function homeTimeline(
  deps: Deps,
  viewer: Viewer,
  userId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  if (viewer.userId !== userId) throw problems.forbidden('You can only read your own home timeline.');
  await requireUser(deps, userId);
  return timeline(deps, viewer, (f) => postsRepo.home(deps.db, userId, f), q, sel);
}

/** A list's posts (the lists module checks the list is visible first). */
export async function listPosts(
  deps: Deps,
  viewer: Viewer,
  listId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  const env = await timeline(deps, viewer, (f) => postsRepo.byList(deps.db, listId, f), q, sel);
  // The list posts meta has only result_count and tokens (SPEC Get2ListsIdTweetsResponse).
  const { newest_id: _n, oldest_id: _o, ...meta } = env.meta as Record<string, unknown>;
  return { ...env, meta };
}

export async function quoteTweets(
  deps: Deps,
  viewer: Viewer,
  postId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  // The quote_tweets meta has no previous_token (notes §8.2).
  return timeline(deps, viewer, (f) => postsRepo.quotesOf(deps.db, postId, f), q, sel, false);
}

export async function repostsOf(
  deps: Deps,
  viewer: Viewer,
  postId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  return timeline(deps, viewer, (f) => postsRepo.repostsOf(deps.db, postId, f), q, sel);
}

/** Users who reposted a post, newest first, as an id page (retweeted_by). */
export async function repostersOf(
  deps: Deps,
  postId: string,
  q: TimelineQuery,
): Promise<{ ids: string[]; meta: PageMeta }> {
  const f = filterOf(q);
  let rows = await postsRepo.repostsOf(deps.db, postId, f);
  let more = rows.length > q.limit;
  rows = rows.slice(0, q.limit);
  if (f.beforeId !== undefined) {
    rows.reverse();
    more = true;
  }
  const meta: PageMeta = { result_count: rows.length };
  if (rows.length && more) meta.next_token = encodeToken({ dir: 'next', cursor: rows[rows.length - 1]!.id });
  if (rows.length && q.position) meta.previous_token = encodeToken({ dir: 'prev', cursor: rows[0]!.id });
  return { ids: rows.map((r) => r.author_id), meta };
}

/** Posts by id in the given order (liked_tweets, bookmarks, list posts), with their meta. */
export async function renderPostPage(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  meta: PageMeta,
  sel: Selection,
): Promise<Envelope> {
  const rows = new Map((await cachedByIds(deps.db, ids)).map((r) => [r.id, r]));
  const ordered = ids.map((id) => rows.get(id)).filter((r): r is PostRow => !!r);
  const hidden = await hiddenAuthors(deps, viewer, ordered);
  const shown = ordered.filter((r) => !hidden.has(r.author_id));
  const env = await renderPosts(deps, viewer, shown, sel, { parameter: 'id' });
  return { ...env, meta: { ...meta, result_count: shown.length } };
}

/** GET /2/users, /2/users/by and the single lookups: missing users are partial errors in a 200. */
export async function lookupUsers(
  deps: Deps,
  viewer: Viewer,
  keys: string[],
  by: 'id' | 'username',
  sel: Selection,
  parameter: string,
  single = false,
): Promise<Envelope> {
  const rows = by === 'id' ? await cachedUsers(deps, keys) : await findUsersByUsernames(deps, keys);
  const index = new Map(rows.map((u) => [by === 'id' ? u.id : u.username_lower, u]));
  const found: UserRow[] = [];
  const errors = [];
  for (const k of keys) {
    const u = index.get(by === 'id' ? k : k.toLowerCase());
    if (u) found.push(u);
    else errors.push(partialError(problems.resourceNotFound({ parameter, value: k, resource_type: 'user' })));
  }
  return renderUsers(deps, viewer, found, sel, { parameter, single, extraErrors: errors });
}

/** Users by id in the given order (followers, likers, list members…), with their meta. */
export async function renderUserPage(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  meta: PageMeta,
  sel: Selection,
): Promise<Envelope> {
  const rows = new Map((await cachedUsers(deps, ids)).map((u) => [u.id, u]));
  const ordered = ids.map((id) => rows.get(id)).filter((u): u is UserRow => !!u);
  const env = await renderUsers(deps, viewer, ordered, sel, { parameter: 'id' });
  return { ...env, meta: { ...meta, result_count: ordered.length } };
}
