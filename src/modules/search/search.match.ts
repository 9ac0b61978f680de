// The decision for each candidate the index yields: the engine's matcher (the same `matches` the
// filtered stream runs) over the post as it is now, and whether the viewer may see its author.
// Search shows no posts of protected accounts the viewer does not follow, as the timelines do.
import type { Deps } from '../../deps.js';
import {
  evaluate,
  parseQuery,
  preparePost,
  searchErrorMessage,
  type MatchContext,
  type QueryNode,
} from '../../engine/index.js';
import { problems } from '../../shared/problems.js';
import type { Viewer } from '../../shared/selection.js';
import { edgesRepo } from '../edges/index.js';
import { followedAmong } from '../follows/index.js';
import { toMatchPosts } from '../posts/index.js';
import { findUsersByIds, findUsersByUsernames } from '../users/index.js';
import { lookupsOf } from './search.keys.js';
import type { Resolved } from './search.plan.js';
import type { Product } from './search.window.js';

/** Query length limits (DOCS search operators, "Query limitations"; notes §5). */
export function maxQueryLength(product: Product, tier: string): number {
  if (tier === 'enterprise') return 4096;
  return product === 'recent' ? 512 : 1024;
}

/** The bound query, or the real 400: the errors joined after "There were errors processing your request: ". */
export function compileQuery(text: string, product: Product, tier: string): QueryNode {
  const r = parseQuery(text, { product: 'search', maxLength: maxQueryLength(product, tier) });
  if (r.ok) return r.ast;
  // OBS: an empty query gets its own message, without the prefix.
  const message = text.trim() === '' ? r.errors[0]! : searchErrorMessage(r.errors);
  throw problems.invalidParam('query', text, message);
}

/** Members of a list beyond this many make `list:` read every post instead of their postings. */
const LIST_PLAN_MAX = 500;

/** Usernames → ids and list members, read once per request. */
export async function resolve(deps: Deps, ast: QueryNode): Promise<Resolved> {
  const { usernames, lists } = lookupsOf(ast);
  const users = await findUsersByUsernames(deps, [...usernames]);
  const userIds = new Map(users.map((u) => [u.username_lower, u.id]));
  const listMembers = new Map<string, string[] | null>();
  for (const id of lists) {
    const { rows, more } = await edgesRepo.page(deps.db, 'list_members', 'source', id, { limit: LIST_PLAN_MAX });
    listMembers.set(id, more ? null : rows.map((r) => r.k));
  }
  return { userIds, listMembers };
}

/** Authors among `authors` whose posts the viewer may not see: protected, not followed, not the viewer. */
export async function hiddenAuthors(deps: Deps, viewer: Viewer, authors: string[]): Promise<Set<string>> {
  const locked = (await findUsersByIds(deps, authors))
    .filter((u) => u.protected === 1 && u.id !== viewer.userId)
    .map((u) => u.id);
  const followed = locked.length ? await followedAmong(deps, viewer.userId, locked) : new Set<string>();
  return new Set(locked.filter((id) => !followed.has(id)));
}

/** Which of `ids` match `ast` and are visible to the viewer, in no particular order. */
export async function matching(
  deps: Deps,
  viewer: Viewer,
  ast: QueryNode,
  lists: readonly string[],
  ids: string[],
): Promise<Set<string>> {
  const posts = await toMatchPosts(deps, ids);
  const authors = [...new Set([...posts.values()].map((p) => p.author.id))];
  const hidden = await hiddenAuthors(deps, viewer, authors);
  const members = new Map<string, Set<string>>();
  for (const l of lists) members.set(l, await edgesRepo.targetsOf(deps.db, 'list_members', l, authors));
  const ctx: MatchContext = { product: 'search', isListMember: (l, u) => members.get(l)?.has(u) ?? false };
  const out = new Set<string>();
  for (const [id, post] of posts) {
    if (!hidden.has(post.author.id) && evaluate(ast, preparePost(post, 'search'), ctx)) out.add(id);
  }
  return out;
}
