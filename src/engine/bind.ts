// Syntax tree → bound query tree for one product, collecting the per-clause errors: unknown or
// unavailable operators, bad values, negation rules, the `and` keyword, proximity limits.
import type { QueryNode, SyntaxNode } from './ast.js';
import { messages } from './messages.js';
import { lookupOperator, mustBeNegated } from './operators.js';
import type { Product } from './types.js';
import { textPattern } from './values.js';

export interface BindResult {
  node: QueryNode;
  errors: string[];
}

const PROXIMITY_MAX = 6;

export function bind(root: SyntaxNode, product: Product): BindResult {
  const errors: string[] = [];
  const node = bindNode(root, product, false, errors);
  return { node, errors };
}

/** A placeholder for a clause that failed to bind; it is never evaluated because binding failed. */
const NOTHING: QueryNode = { kind: 'or', children: [] };

function bindNode(n: SyntaxNode, product: Product, negated: boolean, errors: string[]): QueryNode {
  switch (n.type) {
    case 'group':
      return bindNode(n.child, product, negated, errors);
    case 'and':
    case 'or':
      return flatten(
        n.type,
        n.children.map((c) => bindNode(c, product, negated, errors)),
      );
    case 'not':
      // Notes §4.3: "do not negate groups (`skiing -(snow OR day)` unsupported)".
      if (n.child.type === 'group') errors.push(messages.negatedGroup(n.pos));
      return { kind: 'not', child: bindNode(n.child, product, true, errors) };
    case 'keyword':
      // OBS: both `AND` and `and` are refused rather than read as a keyword or a conjunction.
      if (n.value.toLowerCase() === 'and') errors.push(messages.ambiguousAnd(n.pos));
      return { kind: 'text', pattern: textPattern(n.value, false, product) };
    case 'phrase':
      return bindPhrase(n, product, errors);
    case 'hashtag':
    case 'mention':
    case 'cashtag':
      return { kind: n.type, value: n.value.toLowerCase() };
    case 'operator':
      return bindOperator(n, product, negated, errors);
  }
}

function bindPhrase(n: Extract<SyntaxNode, { type: 'phrase' }>, product: Product, errors: string[]): QueryNode {
  if (n.proximity !== null) {
    // Notes §5: search has no proximity operator; §4.3: N ≤ 6.
    if (product === 'search') errors.push(messages.invalidOperator('proximity', n.pos));
    else if (n.proximity < 1 || n.proximity > PROXIMITY_MAX) errors.push(messages.proximityRange(n.pos));
  }
  return { kind: 'text', pattern: textPattern(n.value, true, product, n.proximity) };
}

function bindOperator(
  n: Extract<SyntaxNode, { type: 'operator' }>,
  product: Product,
  negated: boolean,
  errors: string[],
): QueryNode {
  const spec = lookupOperator(n.name);
  if (!spec || !spec.products.includes(product)) {
    errors.push(messages.invalidOperator(n.name.toLowerCase(), n.pos));
    return NOTHING;
  }
  const bound = spec.bind(n, product);
  if (typeof bound === 'string') {
    errors.push(bound);
    return NOTHING;
  }
  if (negated && !spec.negatable) errors.push(messages.notNegatable(spec.name, n.pos));
  if (!negated && mustBeNegated(bound))
    errors.push(messages.mustNegate(`${spec.name}:${n.value.toLowerCase()}`, n.pos));
  return bound;
}

function flatten(kind: 'and' | 'or', children: QueryNode[]): QueryNode {
  const out: QueryNode[] = [];
  for (const c of children) {
    if (c.kind === kind) out.push(...c.children);
    else out.push(c);
  }
  return out.length === 1 ? out[0]! : { kind, children: out };
}
