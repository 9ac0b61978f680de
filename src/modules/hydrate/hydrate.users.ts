// Users rendered with fields and expansions: lookups by id or username, pages of ids other modules
// found (followers, likers, list members…), and the one renderer every user response goes through.
import type { Deps } from '../../deps.js';
import type { PageMeta } from '../../shared/cursor.js';
import { partialError, problems } from '../../shared/problems.js';
import { LINK_FIELDS, withLinks, type Selection, type Viewer } from '../../shared/selection.js';
import { cachedPosts, latestPosts } from '../posts/index.js';
import { cachedUsers, findUsersByUsernames, type UserRow } from '../users/index.js';
import { Hydrator, userViews, type Envelope, type RenderOptions } from './hydrate.includes.js';

/** Users → envelope, with the user expansions (pinned_tweet_id, most_recent_tweet_id). */
export async function renderUsers(
  deps: Deps,
  viewer: Viewer,
  users: UserRow[],
  sel: Selection,
  o: RenderOptions,
): Promise<Envelope> {
  const h = new Hydrator(deps, viewer, sel);
  h.errors.push(...(o.extraErrors ?? []));
  const out: Envelope = {};
  if (users.length) {
    const user = withLinks(sel.user, sel.expansions, LINK_FIELDS.user);
    const rendered = await userViews(deps, viewer, users, user === sel.user ? sel : { ...sel, user });
    out.data = o.single ? rendered[0] : rendered;
  }
  const wanted: string[] = [];
  if (sel.expansions.includes('pinned_tweet_id'))
    wanted.push(...users.map((u) => u.pinned_tweet_id).filter((x): x is string => !!x));
  if (sel.expansions.includes('most_recent_tweet_id'))
    wanted.push(
      ...(
        await latestPosts(
          deps,
          users.map((u) => u.id),
        )
      ).map((r) => r.id),
    );
  const rows = await cachedPosts(deps, [...new Set(wanted)]);
  const visible = await h.canSee(rows.map((r) => r.author_id));
  const tweets = rows.filter((r) => visible(r.author_id));
  for (const r of rows) if (!visible(r.author_id)) h.deny(r.id, 'pinned_tweet_id', 'includes');
  const includes = await h.includes(tweets);
  if (includes) out.includes = includes;
  if (h.errors.length) out.errors = h.errors;
  return out;
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
    if (u?.suspended === 1) errors.push(partialError(suspended(parameter, k)));
    else if (u) found.push(u);
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

/** A suspended account in a lookup or as a timeline's owner (seed 000 Errors: resource-unavailable). */
export function suspended(parameter: string, value: string) {
  return problems.resourceUnavailable({
    parameter,
    resource_id: value,
    resource_type: 'user',
    detail: `User has been suspended: [${value}].`,
  });
}
