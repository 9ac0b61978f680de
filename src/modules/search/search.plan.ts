// What a query needs from the index: a condition over filed keys that every matching post meets
// (the invariant: a true clause's key is among the post's keys, search.keys.ts). A clause whose key
// is *exact* — present iff the clause is true, the engine's `exactKey` — may also be negated in the
// condition, so `-python` filters in SQL instead of in the matcher. Everything else adds nothing
// (`all`); the engine's matcher still decides every candidate.
import { exactKey, isStopword, KEY_PREFIX as P, type QueryNode } from '../../engine/index.js';

export type Plan =
  | { kind: 'key'; key: string }
  | { kind: 'and' | 'or'; children: Plan[] }
  | { kind: 'not'; child: Plan }
  | { kind: 'all' }
  | { kind: 'none' };

/** Facts the plan needs that live outside the query: user ids by username, list members. */
export type Resolved = {
  userIds: ReadonlyMap<string, string>;
  /** Members of each `list:` (null: too many to enumerate, the clause reads every post). */
  listMembers: ReadonlyMap<string, readonly string[] | null>;
};

/** A plan and whether it is exactly the clause's truth (so it may be negated). */
type Planned = { p: Plan; exact: boolean };

const ALL: Plan = { kind: 'all' };
const NONE: Plan = { kind: 'none' };
const LOOSE: Planned = { p: ALL, exact: false };
const key = (k: string): Plan => ({ kind: 'key', key: k });
const exact = (k: string): Planned => ({ p: key(k), exact: true });
const loose = (k: string): Planned => ({ p: key(k), exact: false });

export function planOf(n: QueryNode, r: Resolved): Plan {
  return plan(n, r).p;
}

/** Whether the plan is exactly the query: every clause has an exact key, so a post matches iff its
 * filed keys meet the plan (counts then need no matcher). */
export function isExact(n: QueryNode, r: Resolved): boolean {
  return plan(n, r).exact;
}

function plan(n: QueryNode, r: Resolved): Planned {
  switch (n.kind) {
    case 'and':
    case 'or': {
      const cs = n.children.map((c) => plan(c, r));
      const ps = cs.map((c) => c.p);
      return { p: n.kind === 'and' ? conjoin(ps) : disjoin(ps), exact: cs.every((c) => c.exact) };
    }
    case 'not': {
      const c = plan(n.child, r);
      return c.exact ? { p: negate(c.p), exact: true } : LOOSE;
    }
    case 'text':
      return textPlan(n.pattern);
    case 'user':
      return userPlan(n, r);
    case 'list': {
      const members = r.listMembers.get(n.value);
      return members === null || members === undefined
        ? LOOSE
        : { p: disjoin(members.map((m) => key(P.from + m))), exact: false };
    }
    // Geo clauses are true only of posts with a place or coordinates (match-ops geoMatch), which
    // `has:geo` marks; URL clauses only of posts with links.
    case 'place':
    case 'point_radius':
    case 'bounding_box':
      return loose(`${P.has}geo`);
    case 'url':
    case 'url_contains':
      return loose(`${P.has}links`);
    // Verification changes without a post write, so it is not filed.
    case 'is':
      return n.flag === 'verified' ? LOOSE : exact(P.is + n.flag);
    case 'entity':
      return loose(P.entity + n.value);
    default: {
      const k = exactKey(n);
      return k === null ? LOOSE : exact(k);
    }
  }
}

/** Every word of a keyword or phrase must be in the post; a single plain word is exactly that. */
function textPlan(t: Extract<QueryNode, { kind: 'text' }>['pattern']): Planned {
  const words = [...new Set(t.tokens)].filter((w) => !isStopword(w));
  const single = t.tokens.length === 1 && words.length === 1 && t.literal === null && t.proximity === null;
  return { p: conjoin(words.map(key)), exact: single };
}

/** `from:`/`to:`/`retweets_of:` take a username or an id; only ids are filed (usernames change),
 * so a username is resolved to its user's id now — the matcher compares current usernames too. */
function userPlan(n: Extract<QueryNode, { kind: 'user' }>, r: Resolved): Planned {
  const prefix =
    n.field === 'from' ? P.from : n.field === 'to' ? P.to : n.field === 'retweets_of' ? P.retweetsOf : null;
  if (prefix === null) return LOOSE;
  const byName = r.userIds.get(n.value);
  // Filed ids are digits: a value with letters can only name a user.
  const keys = /^[0-9]+$/.test(n.value) ? [key(prefix + n.value)] : [];
  if (byName !== undefined && byName !== n.value) keys.push(key(prefix + byName));
  return { p: disjoin(keys), exact: true };
}

function negate(p: Plan): Plan {
  return p.kind === 'all' ? NONE : p.kind === 'none' ? ALL : p.kind === 'not' ? p.child : { kind: 'not', child: p };
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
