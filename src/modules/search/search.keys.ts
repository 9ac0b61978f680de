// The keys filed for a post: the engine's own (engine/post-keys.ts, the rule index's), minus those
// resting on data that changes without a post write (usernames, verification) and stopwords, which
// the plan (search.plan.ts) then never relies on.
import { preparePost, type MatchPost, type QueryNode } from '../../engine/index.js';
import { isStopword, KEY_PREFIX as P, NEED, postKeys, textPattern } from '../../engine/index.js';

/** Bump when the key derivation changes: the index is rebuilt (search.indexer.ts). */
export const KEYS_VERSION = '1';

const USER_PREFIXES = [P.from, P.to, P.retweetsOf];
const VERIFIED = `${P.is}verified`;

/** The keys filed for a post, distinct and sorted. */
export function docKeys(post: MatchPost): string[] {
  const p = preparePost(post, 'search');
  const ids = new Set([
    P.from + post.author.id,
    P.to + (post.in_reply_to_user_id ?? p.repliedTo?.author_id ?? ''),
    P.retweetsOf + (p.retweeted?.author_id ?? ''),
  ]);
  const out = new Set<string>();
  for (const k of postKeys(p, NEED.entity)) {
    if (USER_PREFIXES.some((u) => k.startsWith(u)) && !ids.has(k)) continue;
    if (k === VERIFIED) continue;
    if (!k.includes(':') && isStopword(k)) continue;
    out.add(k);
  }
  return [...out].sort();
}

/** The usernames and list ids the plan needs resolved. */
export function lookupsOf(n: QueryNode, out = { usernames: new Set<string>(), lists: new Set<string>() }) {
  if (n.kind === 'and' || n.kind === 'or') for (const c of n.children) lookupsOf(c, out);
  else if (n.kind === 'not') lookupsOf(n.child, out);
  else if (n.kind === 'user') out.usernames.add(n.value);
  else if (n.kind === 'list') out.lists.add(n.value);
  return out;
}

/**
 * The filed keys a post must offer to contain a keyword, cut as search cuts a query word: `#tag`,
 * `@name` and `$TAG` are entity keys, anything else the tokens of the search tokenizer (accents
 * folded), stopwords left out as they are never filed. Several tokens ("big data") must all be
 * present; their order is not checked. An empty answer: nothing filed can match it.
 */
export function keywordKeys(keyword: string): string[] {
  const k = keyword.trim().toLowerCase();
  const sigil = /^([#@$])([\p{L}\p{N}_]+)$/u.exec(k);
  if (sigil) return [sigil[1] + sigil[2]!];
  return [...new Set(textPattern(k, false, 'search').tokens)].filter((t) => !isStopword(t));
}
