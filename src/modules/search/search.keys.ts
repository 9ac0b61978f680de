// The index's vocabulary, both sides of one invariant: whenever a clause of a search query is true of
// a post, the key the plan derives from that clause is among the keys filed for the post. Post keys
// are the engine's own (engine/post-keys.ts, the rule index's), minus those resting on data that
// changes without a post write (usernames, verification) and stopwords; the plan then never relies
// on them. Candidates are always verified by the engine's matcher, so extra keys cost only time.
import type { QueryNode } from '../../engine/index.js';
import { preparePost, type MatchPost } from '../../engine/index.js';
import { exactKey, KEY_PREFIX as P, NEED } from '../../engine/index-keys.js';
import { postKeys } from '../../engine/post-keys.js';
import { isStopword } from '../../engine/text.js';

/** Bump when the key derivation changes: the index is rebuilt (search.indexer.ts). */
export const KEYS_VERSION = '1';

const USER_PREFIXES = [P.from, P.to, P.retweetsOf];

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
    if (k === `${P.is}verified`) continue;
    if (!k.includes(':') && isStopword(k)) continue;
    out.add(k);
  }
  return [...out].sort();
}

/** What to read from the index: a key, every indexed post (`all`), nothing, or a combination. */
export type Plan =
  | { kind: 'key'; key: string }
  | { kind: 'and' | 'or'; children: Plan[] }
  | { kind: 'all' }
  | { kind: 'none' };

/** Facts the plan needs that live outside the query: user ids by username, list members. */
export type Resolved = {
  userIds: ReadonlyMap<string, string>;
  /** Members of each `list:` (null: too many to enumerate, the clause reads every post). */
  listMembers: ReadonlyMap<string, readonly string[] | null>;
};

const ALL: Plan = { kind: 'all' };
const NONE: Plan = { kind: 'none' };
const key = (k: string): Plan => ({ kind: 'key', key: k });

export function planOf(n: QueryNode, r: Resolved): Plan {
  switch (n.kind) {
    case 'and': return conjoin(n.children.map((c) => planOf(c, r)));
    case 'or': return disjoin(n.children.map((c) => planOf(c, r)));
    case 'not': return ALL;
    case 'text': return conjoin([...new Set(n.pattern.tokens)].filter((t) => !isStopword(t)).map(key));
    case 'user': return userPlan(n, r);
    case 'list': {
      const members = r.listMembers.get(n.value);
      return members === null || members === undefined ? ALL : disjoin(members.map((m) => key(P.from + m)));
    }
    // Geo clauses are true only of posts with a place or coordinates (match-ops geoMatch), which
    // `has:geo` marks; URL clauses only of posts with links.
    case 'place': case 'point_radius': case 'bounding_box': return key(`${P.has}geo`);
    case 'url': case 'url_contains': return key(`${P.has}links`);
    case 'is': return n.flag === 'verified' ? ALL : key(P.is + n.flag);
    case 'entity': return key(P.entity + n.value);
    default: {
      const k = exactKey(n);
      return k === null ? ALL : key(k);
    }
  }
}

/** `from:`/`to:`/`retweets_of:` take a username or an id; only ids are filed (usernames change). */
function userPlan(n: Extract<QueryNode, { kind: 'user' }>, r: Resolved): Plan {
  const prefix = n.field === 'from' ? P.from : n.field === 'to' ? P.to : n.field === 'retweets_of' ? P.retweetsOf : null;
  if (prefix === null) return ALL;
  const byName = r.userIds.get(n.value);
  const keys = [key(prefix + n.value)];
  if (byName !== undefined && byName !== n.value) keys.push(key(prefix + byName));
  return disjoin(keys);
}

function conjoin(children: Plan[]): Plan {
  const kept = children.filter((c) => c.kind !== 'all');
  if (kept.some((c) => c.kind === 'none')) return NONE;
  if (kept.length === 0) return ALL;
  return kept.length === 1 ? kept[0]! : { kind: 'and', children: kept };
}

function disjoin(children: Plan[]): Plan {
  if (children.some((c) => c.kind === 'all')) return ALL;
  const kept = children.filter((c) => c.kind !== 'none');
  if (kept.length === 0) return NONE;
  return kept.length === 1 ? kept[0]! : { kind: 'or', children: kept };
}

/** The usernames and list ids the plan needs resolved. */
export function lookupsOf(n: QueryNode, out = { usernames: new Set<string>(), lists: new Set<string>() }) {
  if (n.kind === 'and' || n.kind === 'or') for (const c of n.children) lookupsOf(c, out);
  else if (n.kind === 'not') lookupsOf(n.child, out);
  else if (n.kind === 'user') out.usernames.add(n.value);
  else if (n.kind === 'list') out.lists.add(n.value);
  return out;
}
