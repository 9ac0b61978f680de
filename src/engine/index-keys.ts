// The index's vocabulary: keys a rule requires and keys a post offers (post-keys.ts). The one
// invariant that makes the index exact: whenever a clause is true of a post, the key derived from that
// clause is among the post's keys. Each pair is derived from the same fields the matcher reads.
// Some keys are also *exact* — present iff the clause is true — and the rule program reads them
// instead of calling the predicate (program.ts).
import type { QueryNode, TextPattern } from './ast.js';
import { boxCells, circleCells } from './geo-cells.js';
import { isStopword } from './text.js';

// Prefixes contain ':' or a sigil; text tokens never do (they are cut at punctuation), so the
// namespaces cannot collide.
export const KEY_PREFIX = {
  from: 'f:',
  to: 't:',
  retweetsOf: 'r:',
  conversation: 'c:',
  replyTo: 'ir:',
  retweetOfId: 'rt:',
  quoteOf: 'q:',
  lang: 'l:',
  is: 'is:',
  has: 'has:',
  context: 'x:',
  country: 'pc:',
  // Filed-only namespaces, whose post keys cost a tokenization and are derived only when needed:
  bio: 'bio:',
  bioName: 'bn:',
  bioLocation: 'bl:',
  url: 'u:',
  urlTitle: 'ut:',
  urlDescription: 'ud:',
  placeId: 'pl:',
  placeName: 'pn:',
  entity: 'en:',
  geo: 'g:',
} as const;
const P = KEY_PREFIX;

/** Post-side key groups computed on demand (bit flags). */
export const NEED = {
  bio: 1,
  bioName: 2,
  bioLocation: 4,
  url: 8,
  urlTitle: 16,
  urlDescription: 32,
  place: 64,
  entity: 128,
  geo: 256,
} as const;

const PREFIX_INFO: Record<string, { cost: number; need: number }> = {
  [P.lang]: { cost: 500, need: 0 },
  [P.is]: { cost: 300, need: 0 },
  [P.has]: { cost: 300, need: 0 },
  [P.country]: { cost: 50, need: 0 },
  [P.context]: { cost: 3, need: 0 },
  [P.bio]: { cost: 10, need: NEED.bio },
  [P.bioName]: { cost: 10, need: NEED.bioName },
  [P.bioLocation]: { cost: 20, need: NEED.bioLocation },
  [P.url]: { cost: 10, need: NEED.url },
  [P.urlTitle]: { cost: 10, need: NEED.urlTitle },
  [P.urlDescription]: { cost: 10, need: NEED.urlDescription },
  [P.placeId]: { cost: 5, need: NEED.place },
  [P.placeName]: { cost: 20, need: NEED.place },
  [P.entity]: { cost: 5, need: NEED.entity },
  [P.geo]: { cost: 50, need: NEED.geo },
};

function prefixOf(key: string): string | null {
  const colon = key.indexOf(':');
  return colon < 0 ? null : key.slice(0, colon + 1);
}

/** Which on-demand post-key group a key belongs to (0 = always derived). */
export function needOf(key: string): number {
  const prefix = prefixOf(key);
  return prefix === null ? 0 : (PREFIX_INFO[prefix]?.need ?? 0);
}

/** Keys a rule needs (any one of them present in a post); `cost` estimates how often they fire. */
export interface KeyChoice {
  keys: string[];
  cost: number;
}

/** Lower = rarer in posts. Crowded keys are penalised by the caller with their posting-list size. */
export function baseCost(key: string): number {
  const c = key.charCodeAt(0);
  if (c === 35 /* # */ || c === 36 /* $ */) return 2;
  if (c === 64 /* @ */) return 1;
  const prefix = prefixOf(key);
  if (prefix === null) return tokenCost(key);
  if (prefix === P.context && key.includes('*')) return 20;
  return PREFIX_INFO[prefix]?.cost ?? 1;
}

function tokenCost(token: string): number {
  if (isStopword(token)) return 100;
  return token.length <= 2 ? 30 : token.length === 3 ? 10 : 4;
}

type Cost = (key: string) => number;

/** The cheapest set of keys one of which every matching post must offer; null = none exists
 * (the rule is checked against every post). AND needs any one child's set, OR the union of all. */
export function requiredKeys(n: QueryNode, cost: Cost): KeyChoice | null {
  switch (n.kind) {
    case 'and': {
      let best: KeyChoice | null = null;
      for (const c of n.children) {
        const k = requiredKeys(c, cost);
        if (k && (!best || k.cost < best.cost)) best = k;
      }
      return best;
    }
    case 'or':
      return union(n.children, cost);
    case 'not':
      return null;
    default: {
      const key = exactKey(n);
      return key === null ? looseKeys(n, cost) : { keys: [key], cost: cost(key) };
    }
  }
}

function union(children: QueryNode[], cost: Cost): KeyChoice | null {
  if (children.length === 0) return null;
  const keys = new Set<string>();
  let total = 0;
  for (const c of children) {
    const k = requiredKeys(c, cost);
    if (!k) return null;
    for (const key of k.keys) keys.add(key);
    total += k.cost;
  }
  return { keys: [...keys], cost: total };
}

/** Any one token of a pattern is required; the rarest-looking is chosen. */
function cheapest(pattern: TextPattern, cost: Cost, prefix = ''): KeyChoice | null {
  let best: KeyChoice | null = null;
  for (const t of pattern.tokens) {
    const c = cost(prefix + t);
    if (!best || c < best.cost) best = { keys: [prefix + t], cost: c };
  }
  return best;
}

function cells(list: string[] | null, cost: Cost): KeyChoice | null {
  if (!list) return null;
  const keys = list.map((c) => P.geo + c);
  return { keys, cost: keys.reduce((sum, k) => sum + cost(k), 0) };
}

/** Keys that clauses without an exact key still require (verified by the matcher's predicate). */
function looseKeys(n: QueryNode, cost: Cost): KeyChoice | null {
  switch (n.kind) {
    case 'text':
      return cheapest(n.pattern, cost);
    case 'profile':
      return cheapest(n.pattern, cost, { bio: P.bio, bio_name: P.bioName, bio_location: P.bioLocation }[n.field]);
    case 'url':
      return cheapest(
        n.pattern,
        cost,
        { url: P.url, url_title: P.urlTitle, url_description: P.urlDescription }[n.field],
      );
    case 'entity':
      return { keys: [P.entity + n.value], cost: cost(P.entity + n.value) };
    case 'point_radius':
      return cells(circleCells(n.lon, n.lat, n.radiusKm), cost);
    case 'bounding_box':
      return cells(boxCells(n.west, n.south, n.east, n.north), cost);
    case 'place': {
      // By id, or by a token of its name (match-ops.matchPlace).
      const name = cheapest(n.pattern, cost, P.placeName);
      const id = P.placeId + n.value;
      return name && { keys: [id, ...name.keys], cost: cost(id) + name.cost };
    }
    default:
      return null;
  }
}

function leafKey(n: QueryNode): string | null {
  switch (n.kind) {
    case 'hashtag':
      return `#${n.value}`;
    case 'mention':
      return `@${n.value}`;
    case 'cashtag':
      return `$${n.value}`;
    case 'user':
      return n.field === 'from'
        ? P.from + n.value
        : n.field === 'to'
          ? P.to + n.value
          : n.field === 'retweets_of'
            ? P.retweetsOf + n.value
            : null;
    case 'id': {
      const prefix = {
        conversation_id: P.conversation,
        in_reply_to_tweet_id: P.replyTo,
        retweets_of_tweet_id: P.retweetOfId,
        quotes_of_tweet_id: P.quoteOf,
      }[n.field];
      return prefix + n.value;
    }
    case 'lang':
      return P.lang + n.value;
    case 'is':
      return P.is + n.flag;
    case 'has':
      return P.has + n.feature;
    case 'context':
      return `${P.context}${n.domain}.${n.entity}`;
    case 'place_country':
      return P.country + n.value;
    default:
      return null;
  }
}

/** The key whose presence in a post is exactly this clause's truth, if there is one: a plain word
 * (its token is in the post's terms), an entity, `from:`, `lang:`, `is:`, `has:`, `context:` … */
export function exactKey(n: QueryNode): string | null {
  if (n.kind !== 'text') return leafKey(n);
  const p = n.pattern;
  return p.tokens.length === 1 && p.literal === null && p.proximity === null ? p.tokens[0]! : null;
}
