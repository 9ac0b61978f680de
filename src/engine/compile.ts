// Turns a bound query into a closure tree, once per query (cached), so evaluating a rule is a few
// direct calls instead of re-dispatching on every node's kind. This is the only implementation of
// the matching semantics: `matches`, `evaluate` and the rule index all run these closures.
import type { QueryNode, TextPattern } from './ast.js';
import * as ops from './match-ops.js';
import { matchPattern } from './pattern.js';
import type { PreparedPost } from './prepare.js';
import type { MatchContext } from './types.js';

export type Predicate = (p: PreparedPost, ctx: MatchContext) => boolean;

const cache = new WeakMap<QueryNode, Predicate>();

export function compiled(n: QueryNode): Predicate {
  let f = cache.get(n);
  if (!f) {
    f = compile(n);
    cache.set(n, f);
  }
  return f;
}

function compile(n: QueryNode): Predicate {
  switch (n.kind) {
    case 'and':
      return all(n.children.map(compile));
    case 'or':
      return any(n.children.map(compile));
    case 'not': {
      const c = compile(n.child);
      return (p, ctx) => !c(p, ctx);
    }
    case 'text':
      return text(n.pattern);
    case 'hashtag':
      return (p) => p.hashtags.has(n.value);
    case 'mention':
      return (p) => p.mentions.has(n.value);
    case 'cashtag':
      return (p) => p.cashtags.has(n.value);
    default:
      return compileOperator(n);
  }
}

function all(cs: Predicate[]): Predicate {
  if (cs.length === 2) {
    const [a, b] = cs as [Predicate, Predicate];
    return (p, ctx) => a(p, ctx) && b(p, ctx);
  }
  return (p, ctx) => {
    for (let i = 0; i < cs.length; i++) if (!cs[i]!(p, ctx)) return false;
    return true;
  };
}

function any(cs: Predicate[]): Predicate {
  return (p, ctx) => {
    for (let i = 0; i < cs.length; i++) if (cs[i]!(p, ctx)) return true;
    return false;
  };
}

function text(pattern: TextPattern): Predicate {
  const t = pattern.tokens[0];
  // The common case, one plain word: its presence in the post's term set decides.
  if (pattern.tokens.length === 1 && pattern.literal === null && t !== undefined) return (p) => p.terms.has(t);
  return (p) => matchPattern(pattern, p.fields, p.terms);
}

function compileOperator(n: QueryNode): Predicate {
  switch (n.kind) {
    case 'user':
      return (p) => ops.matchUser(n, p);
    case 'id':
      return (p) => ops.matchId(n.field, n.value, p);
    case 'is':
      return (p) => ops.matchIs(n.flag, p);
    case 'has':
      return (p) => ops.matchHas(n.feature, p);
    case 'lang':
      return (p) => p.lang === n.value;
    case 'sample':
      return (p) => ops.samplePercentile(p.post.id) < n.percent;
    case 'context':
      return (p) => ops.matchContext(n, p.post);
    case 'entity':
      return (p) => ops.matchEntity(n.value, p.post);
    case 'profile':
      return (p) => ops.matchProfile(n, p);
    case 'url':
      return (p) => ops.matchUrl(n, p);
    case 'url_contains':
      return (p) => ops.matchUrlContains(n.value, p.post);
    case 'place':
      return (p) => ops.matchPlace(n, p);
    case 'place_country':
      return (p) => ops.matchPlaceCountry(n.value, p);
    case 'point_radius':
      return (p) => ops.matchPointRadius(n, p);
    case 'bounding_box':
      return (p) => ops.matchBoundingBox(n, p);
    case 'source':
      return (p) => (p.post.source ?? '').toLowerCase() === n.value;
    case 'list':
      return (p, ctx) => ctx.isListMember?.(n.value, p.post.author.id) ?? false;
    case 'metric':
      return (p) => ops.matchMetric(n, p.post);
    default:
      return () => false;
  }
}
