// One stream message: the post rendered with the connection's fields and expansions, then the
// rules it matched (notes §4.1: `{"data":…,"includes":…,"matching_rules":[{"id","tag"}]}`), one
// JSON object per line ended by `\r\n`. A post is rendered once per distinct field selection, however
// many connections and apps receive it.
import type { Deps } from '../../deps.js';
import type { Selection } from '../../shared/selection.js';
import { lookupPosts } from '../posts/index.js';
import type { MatchedRule } from './rules.cache.js';

/** The stream shows public posts: rendered as nobody in particular, so protected authors' posts drop out. */
export async function renderBody(deps: Deps, appId: string, postId: string, sel: Selection): Promise<string | null> {
  const env = await lookupPosts(deps, { userId: null, appId }, [postId], sel, true);
  if (!env.data) return null;
  return JSON.stringify(env);
}

/** Renders of one batch, keyed by post and selection. */
export type RenderCache = Map<string, Promise<string | null>>;

export function renderOnce(deps: Deps, cache: RenderCache, appId: string, postId: string, sel: Selection, selKey: string): Promise<string | null> {
  const key = `${postId} ${selKey}`;
  let r = cache.get(key);
  if (!r) {
    cache.set(key, (r = renderBody(deps, appId, postId, sel)));
    r.catch(() => undefined); // awaited by the caller; never an unhandled rejection
  }
  return r;
}

/** `body` is a rendered envelope `{…}`; the rules go last, as in the real messages. */
export function messageLine(body: string, rules: MatchedRule[]): string {
  return `${body.slice(0, -1)},"matching_rules":${JSON.stringify(rules)}}\r\n`;
}

export function selectionKey(sel: Selection): string {
  return [sel.tweet, sel.user, sel.media, sel.poll, sel.place, sel.expansions].map((l) => [...l].sort().join(',')).join('|');
}
