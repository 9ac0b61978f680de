// One stream message: the post rendered with the connection's fields and expansions, then the
// rules it matched (notes §4.1: `{"data":…,"includes":…,"matching_rules":[{"id","tag"}]}`), one
// JSON object per line ended by `\r\n`. A batch of posts is rendered once per distinct field selection,
// however many connections and apps receive it.
import type { Deps } from '../../deps.js';
import type { Selection } from '../../shared/selection.js';
import { lookupPosts } from '../hydrate/index.js';
import type { MatchedRule } from './rules.cache.js';

const NOBODY = (appId: string) => ({ userId: null, appId });

/** The stream shows public posts: rendered as nobody in particular, so protected authors' posts drop out. */
async function renderOne(deps: Deps, appId: string, postId: string, sel: Selection): Promise<string | null> {
  const env = await lookupPosts(deps, NOBODY(appId), [postId], sel, true);
  return env.data ? JSON.stringify(env) : null;
}

/**
 * Bodies of the posts with one field selection, by post id (absent: not shown). Without expansions
 * a message has no `includes`, so the whole batch is one lookup; with them each post has its own.
 */
async function renderMany(deps: Deps, appId: string, postIds: string[], sel: Selection): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!postIds.length) return out;
  if (!sel.expansions.length) {
    const env = await lookupPosts(deps, NOBODY(appId), postIds, sel);
    for (const data of (env.data ?? []) as { id: string }[]) out.set(data.id, JSON.stringify({ data }));
    return out;
  }
  const bodies = await Promise.all(postIds.map((id) => renderOne(deps, appId, id, sel)));
  postIds.forEach((id, i) => {
    if (bodies[i]) out.set(id, bodies[i]!);
  });
  return out;
}

/** Renders of one batch of posts, one per distinct field selection. */
export type RenderCache = Map<string, Promise<Map<string, string>>>;

export function renderBatch(
  deps: Deps,
  cache: RenderCache,
  appId: string,
  postIds: string[],
  sel: Selection,
  selKey: string,
): Promise<Map<string, string>> {
  let r = cache.get(selKey);
  if (!r) {
    cache.set(selKey, (r = renderMany(deps, appId, postIds, sel)));
    r.catch(() => undefined); // awaited by the caller; never an unhandled rejection
  }
  return r;
}

/** `body` is a rendered envelope `{…}`; the rules go last, as in the real messages. */
export function messageLine(body: string, rules: MatchedRule[]): string {
  return `${body.slice(0, -1)},"matching_rules":${JSON.stringify(rules)}}\r\n`;
}

export function selectionKey(sel: Selection): string {
  return [sel.tweet, sel.user, sel.media, sel.poll, sel.place, sel.expansions]
    .map((l) => [...l].sort().join(','))
    .join('|');
}
