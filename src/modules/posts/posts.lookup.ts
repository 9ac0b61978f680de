// Reads of posts for the modules that render them (modules/hydrate): rows by id through the row
// cache, polls, each author's latest post, and the paging of every timeline (a user's posts,
// mentions, home, a list's posts, quotes, reposts) and of reposters. Timelines page by post id with
// opaque tokens, newest first (notes §1.4, §8.2).
import type { Deps } from '../../deps.js';
import { encodeToken, type PageMeta, type Position } from '../../shared/cursor.js';
import { cachedByIds } from './posts.cache.js';
import { postsRepo, type PollRow, type PostRow, type TimelineFilter } from './posts.repo.js';

export type Window = { sinceId?: string; untilId?: string; startTime?: number; endTime?: number };
export type TimelineQuery = { limit: number; position: Position | null; window?: Window; exclude?: readonly string[] };
export type TimelineMeta = PageMeta & { newest_id?: string; oldest_id?: string };

/** Which posts a timeline holds, by the id it is of (a user, a list, a post). */
const TIMELINES = {
  author: postsRepo.byAuthor,
  mentions: postsRepo.mentioning,
  home: postsRepo.home,
  list: postsRepo.byList,
  quotes: postsRepo.quotesOf,
  reposts: postsRepo.repostsOf,
  reposts_of_me: postsRepo.repostsOfAuthor,
  space: postsRepo.linkingSpace,
};
export type Timeline = keyof typeof TIMELINES;
/**
 * Timelines of what users see organically: a promoted-only (nullcast) post, made through the Ads API,
 * is shown to no one's followers and not on its author's profile; lookups, search and stream rules
 * still see it (seed "Creatives"; `-is:nullcast` drops it from a rule).
 */
const ORGANIC: ReadonlySet<Timeline> = new Set(['author', 'home', 'list']);

/** Posts by id (order not kept; missing ids absent), as fresh as a read of the store. */
export const cachedPosts = (deps: Deps, ids: readonly string[]): Promise<PostRow[]> =>
  cachedByIds(deps.runtime.postRows, deps.db, ids);

export const pollsByIds = (deps: Deps, ids: string[]): Promise<PollRow[]> => postsRepo.pollsByIds(deps.db, ids);

const unpad = (seq: string) => seq.replace(/^0+(?=\d)/, '');

/** Each author's newest live post id (authors without one are absent). */
export async function latestPosts(deps: Deps, authorIds: string[]): Promise<{ author_id: string; id: string }[]> {
  return (await postsRepo.latestBy(deps.db, authorIds)).map((r) => ({ author_id: r.author_id, id: unpad(r.id) }));
}

function filterOf(q: TimelineQuery): TimelineFilter {
  const f: TimelineFilter = { limit: q.limit, ...q.window };
  if (q.position?.dir === 'next') f.afterId = q.position.cursor;
  if (q.position?.dir === 'prev') f.beforeId = q.position.cursor;
  if (q.exclude?.includes('replies')) f.excludeReplies = true;
  if (q.exclude?.includes('retweets')) f.excludeReposts = true;
  return f;
}

/** One page of a timeline's rows, newest first, and whether more follow (the read asks for one row more). */
export async function timelinePage(
  deps: Deps,
  timeline: Timeline,
  id: string,
  q: TimelineQuery,
): Promise<{ rows: PostRow[]; more: boolean }> {
  const f = filterOf(q);
  if (ORGANIC.has(timeline)) f.nullcast = 0;
  const read = await TIMELINES[timeline](deps.db, id, f);
  const rows = read.slice(0, q.limit);
  // A previous page is read oldest first from its cursor; the page it was asked from follows it.
  if (f.beforeId !== undefined) return { rows: rows.reverse(), more: true };
  return { rows, more: read.length > q.limit };
}

/**
 * Organic posts created at or after `since` (the service clock's window), newest first, at most
 * `limit`, before the post `beforeId` when given: the posts news stories, trends and the posts
 * eligible for notes are computed from.
 */
export async function recentPosts(
  deps: Deps,
  o: { since: number; limit: number; beforeId?: string; exclude?: readonly string[] },
): Promise<{ rows: PostRow[]; more: boolean }> {
  const f = filterOf({ limit: o.limit, position: null, exclude: o.exclude });
  f.nullcast = 0;
  if (o.beforeId !== undefined) f.afterId = o.beforeId;
  const read = await postsRepo.recent(deps.db, { ...f, since: o.since });
  return { rows: read.slice(0, o.limit), more: read.length > o.limit };
}

/** Meta of a post timeline: counts, newest/oldest ids and tokens (notes §8.2). */
export function timelineMeta(rows: PostRow[], more: boolean, q: TimelineQuery, withPrevious = true): TimelineMeta {
  if (!rows.length) return { result_count: 0 };
  const meta: TimelineMeta = {
    result_count: rows.length,
    newest_id: rows[0]!.id,
    oldest_id: rows[rows.length - 1]!.id,
  };
  if (more) meta.next_token = encodeToken({ dir: 'next', cursor: rows[rows.length - 1]!.id });
  if (withPrevious && q.position) meta.previous_token = encodeToken({ dir: 'prev', cursor: rows[0]!.id });
  return meta;
}

/** Users who reposted a post, newest first, as an id page (retweeted_by): a reposts timeline's authors. */
export async function repostersOf(
  deps: Deps,
  postId: string,
  q: TimelineQuery,
): Promise<{ ids: string[]; meta: PageMeta }> {
  const { rows, more } = await timelinePage(deps, 'reposts', postId, q);
  // A page of users carries no post ids in its meta, only the count and tokens.
  const { newest_id: _n, oldest_id: _o, ...meta } = timelineMeta(rows, more, q);
  return { ids: rows.map((r) => r.author_id), meta };
}

/**
 * A user's posts for the Ads API's post list (GET accounts/:id/tweets), newest first, `limit + 1`
 * rows: organic ones (nullcast 0), promoted-only ones (1) or both; after `afterId` when paging on.
 */
export function postsOfAuthor(
  deps: Deps,
  authorId: string,
  o: { nullcast?: 0 | 1; limit: number; afterId?: string },
): Promise<PostRow[]> {
  return postsRepo.byAuthor(deps.db, authorId, { limit: o.limit, afterId: o.afterId, nullcast: o.nullcast });
}
