// Post timelines rendered with fields and expansions: a user's posts, mentions, the home timeline, a
// list's posts, quotes and reposts of a post. The posts module pages the rows (posts.lookup.ts); here
// posts of protected authors the viewer cannot see are left out and the page is rendered. Empty pages
// omit `data` (notes §1.4).
import type { Deps } from '../../deps.js';
import { partialError, problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { followedAmong } from '../follows/index.js';
import { timelineMeta, timelinePage, type Timeline, type TimelineQuery } from '../posts/index.js';
import { requireUser } from '../users/index.js';
import type { Envelope } from './hydrate.includes.js';
import { hiddenAuthors, renderPosts } from './hydrate.posts.js';
import { suspended } from './hydrate.users.js';

/** One page of a timeline, newest first, hiding posts of protected authors the viewer cannot see. */
async function renderTimeline(
  deps: Deps,
  viewer: Viewer,
  timeline: Timeline,
  id: string,
  q: TimelineQuery,
  sel: Selection,
  withPrevious = true,
): Promise<Envelope> {
  const { rows, more } = await timelinePage(deps, timeline, id, q);
  const hidden = await hiddenAuthors(deps, viewer, rows);
  const shown = rows.filter((r) => !hidden.has(r.author_id));
  const env = await renderPosts(deps, viewer, shown, sel, { parameter: 'id' });
  return { ...env, meta: timelineMeta(shown, more && shown.length > 0, q, withPrevious) };
}

/** A protected user's own lists are readable only by them and their followers. */
async function requireVisibleUser(deps: Deps, viewer: Viewer, userId: string): Promise<Envelope | null> {
  const u = await requireUser(deps, userId);
  if (u.suspended === 1) return { errors: [partialError(suspended('id', userId))] };
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
  return (await requireVisibleUser(deps, viewer, userId)) ?? renderTimeline(deps, viewer, 'author', userId, q, sel);
}

export async function mentions(
  deps: Deps,
  viewer: Viewer,
  userId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  return (await requireVisibleUser(deps, viewer, userId)) ?? renderTimeline(deps, viewer, 'mentions', userId, q, sel);
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
  return renderTimeline(deps, viewer, 'home', userId, q, sel);
}

/** A list's posts (the lists module checks the list is visible first). */
export async function listPosts(
  deps: Deps,
  viewer: Viewer,
  listId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  const env = await renderTimeline(deps, viewer, 'list', listId, q, sel);
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
  return renderTimeline(deps, viewer, 'quotes', postId, q, sel, false);
}

export async function repostsOf(
  deps: Deps,
  viewer: Viewer,
  postId: string,
  q: TimelineQuery,
  sel: Selection,
): Promise<Envelope> {
  return renderTimeline(deps, viewer, 'reposts', postId, q, sel);
}
