// Posts rendered with fields and expansions: lookups by id, pages of ids other modules found (likes,
// bookmarks, search), and the one renderer every post response goes through.
import type { Deps } from '../../deps.js';
import type { PageMeta } from '../../shared/cursor.js';
import { partialError, problems } from '../../shared/problems.js';
import { LINK_FIELDS, withLinks, type Selection, type Viewer } from '../../shared/selection.js';
import { followedAmong } from '../follows/index.js';
import { cachedPosts, tweetView, type PostRow } from '../posts/index.js';
import { cachedUsers } from '../users/index.js';
import { Hydrator, type Envelope, type RenderOptions } from './hydrate.includes.js';

/** Posts → envelope. `single` renders `data` as an object (GET /2/tweets/:id). */
export async function renderPosts(
  deps: Deps,
  viewer: Viewer,
  posts: PostRow[],
  sel: Selection,
  o: RenderOptions,
): Promise<Envelope> {
  const h = new Hydrator(deps, viewer, sel);
  if (o.extraErrors?.length) h.errors.push(...o.extraErrors);
  const visible = await h.canSee(posts.map((p) => p.author_id));
  const shown: PostRow[] = [];
  for (const p of posts) {
    if (visible(p.author_id)) shown.push(p);
    else h.deny(p.id, o.parameter, 'data');
  }
  fieldErrors(h, viewer, shown, sel.tweet, 'data');
  for (const p of shown) h.expandPost(p, sel.expansions);
  await h.expandRefs(shown);
  const out: Envelope = {};
  const fields = withLinks(sel.tweet, sel.expansions, LINK_FIELDS.tweet);
  if (shown.length)
    out.data = o.single
      ? tweetView(shown[0]!, fields, viewer.userId)
      : shown.map((p) => tweetView(p, fields, viewer.userId));
  const includes = await h.includes();
  if (includes) out.includes = includes;
  if (h.errors.length) out.errors = h.errors;
  return out;
}

/** GET /2/tweets?ids= and GET /2/tweets/:id: missing ids are partial errors in a 200. */
export async function lookupPosts(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  sel: Selection,
  single = false,
): Promise<Envelope> {
  const rows = new Map((await cachedPosts(deps, ids)).map((r) => [r.id, r]));
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

/** Posts by id in the given order (liked_tweets, bookmarks, search), with their meta. */
export async function renderPostPage(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  meta: PageMeta,
  sel: Selection,
): Promise<Envelope> {
  const rows = new Map((await cachedPosts(deps, ids)).map((r) => [r.id, r]));
  const ordered = ids.map((id) => rows.get(id)).filter((r): r is PostRow => !!r);
  const hidden = await hiddenAuthors(deps, viewer, ordered);
  const shown = ordered.filter((r) => !hidden.has(r.author_id));
  const env = await renderPosts(deps, viewer, shown, sel, { parameter: 'id' });
  return { ...env, meta: { ...meta, result_count: shown.length } };
}

/** Protected authors among the rows' whom the viewer does not follow: pages leave their posts out. */
export async function hiddenAuthors(deps: Deps, viewer: Viewer, rows: PostRow[]): Promise<Set<string>> {
  const authors = [...new Set(rows.map((r) => r.author_id))];
  const users = await cachedUsers(deps, authors);
  const locked = users.filter((u) => u.protected === 1 && u.id !== viewer.userId).map((u) => u.id);
  if (!locked.length) return new Set();
  const followed = await followedAmong(deps, viewer.userId, locked);
  return new Set(locked.filter((id) => !followed.has(id)));
}

/** Post fields only the author reads (with user context): others get the post without them. */
const OWNER_FIELDS = ['non_public_metrics', 'organic_metrics', 'promoted_metrics'];

/**
 * The real service renders another user's post without its private metrics and adds a
 * `not-authorized-for-field` entry per field (seed 000 Errors; SPEC FieldUnauthorizedProblem).
 */
function fieldErrors(h: Hydrator, viewer: Viewer, posts: PostRow[], fields: readonly string[], section: 'data') {
  const asked = OWNER_FIELDS.filter((f) => fields.includes(f));
  if (!asked.length || posts.every((p) => p.author_id === viewer.userId)) return;
  for (const field of asked)
    h.errors.push(partialError(problems.notAuthorizedForField({ field, resource_type: 'tweet', section })));
}
