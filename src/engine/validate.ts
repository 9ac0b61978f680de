// Whole-rule checks and the public entry point `parseQuery`. Structural errors (no positive term,
// conjunction-required operators on their own, only stopwords) come first, then per-clause errors,
// matching the order of the real `has:polls` response (notes, §4.3 sources).
import type { QueryNode, SyntaxNode } from './ast.js';
import { bind } from './bind.js';
import { messages } from './messages.js';
import { lookupOperator } from './operators.js';
import { parse } from './parser.js';
import { isStopword, tokenize } from './text.js';
import type { ParseContext } from './types.js';

/** `tooLong` marks the length refusal, which the rules service reports as its own problem
 * (`rule-length`, notes §4.2) and search as an invalid `query`. */
export type ParseQueryResult = { ok: true; ast: QueryNode } | { ok: false; errors: string[]; tooLong?: true };

export function parseQuery(text: string, ctx: ParseContext): ParseQueryResult {
  if (text.trim() === '') return { ok: false, errors: [messages.emptyQuery()] };
  // Characters, not UTF-16 units: an emoji counts once towards the 512…4,096 / 1,024…2,048 limits.
  const length = [...text].length;
  if (length > ctx.maxLength) return { ok: false, errors: [messages.tooLong(length, ctx.maxLength)], tooLong: true };
  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const errors = structuralErrors(parsed.ast);
  const bound = bind(parsed.ast, ctx.product);
  errors.push(...bound.errors);
  return errors.length ? { ok: false, errors } : { ok: true, ast: bound.node };
}

/** Errors about the rule's shape as a whole (notes §4.3). */
export function structuralErrors(root: SyntaxNode): string[] {
  // Notes §4.3 / OBS `--b`: a rule of negations only gets both texts at the rule's start.
  if (!anyPositive(root)) return [messages.nonNegation(root.pos), messages.nonStopword(root.pos)];
  const errors: string[] = [];
  loneNegations(root, errors);
  unanchored(root, false, errors);
  if (errors.length === 0 && !hasContentClause(root)) errors.push(messages.nonStopword(root.pos));
  return errors;
}

function isConjunctionOnly(n: SyntaxNode): boolean {
  return n.type === 'operator' && lookupOperator(n.name)?.standalone === false;
}

/** Whether the clause can select posts on its own (a keyword, `from:` …, not `has:` or a negation). */
function standalone(n: SyntaxNode): boolean {
  switch (n.type) {
    case 'not':
      return false;
    case 'group':
      return standalone(n.child);
    case 'and':
      return n.children.some(standalone);
    case 'or':
      return n.children.every(standalone);
    default:
      return !isConjunctionOnly(n);
  }
}

function anyPositive(n: SyntaxNode): boolean {
  switch (n.type) {
    case 'not':
      return false;
    case 'group':
      return anyPositive(n.child);
    case 'and':
    case 'or':
      return n.children.some(anyPositive);
    default:
      return true;
  }
}

/** `cat OR -dog`: each OR branch needs a positive term of its own (negations cannot stand alone). */
function loneNegations(n: SyntaxNode, errors: string[]): void {
  if (n.type === 'group' || n.type === 'not') return loneNegations(n.child, errors);
  if (n.type !== 'and' && n.type !== 'or') return;
  for (const c of n.children) {
    if (n.type === 'or' && !anyPositive(c)) errors.push(messages.nonNegation(c.pos));
    else loneNegations(c, errors);
  }
}

/** Conjunction-required operators need a standalone clause ANDed beside them (notes §4.3:
 * `has:links OR is:retweet` refused, `"X data" has:mentions (has:media OR has:links)` accepted). */
function unanchored(n: SyntaxNode, anchored: boolean, errors: string[]): void {
  switch (n.type) {
    case 'not':
      return;
    case 'group':
      return unanchored(n.child, anchored, errors);
    case 'and': {
      const inner = anchored || n.children.some(standalone);
      for (const c of n.children) unanchored(c, inner, errors);
      return;
    }
    case 'or':
      for (const c of n.children) unanchored(c, anchored, errors);
      return;
    default:
      if (!anchored && isConjunctionOnly(n)) errors.push(messages.standalone(n.pos));
  }
}

/** At least one positive standalone clause that is not made of stopwords only (OBS: `a`, `you`). */
function hasContentClause(n: SyntaxNode): boolean {
  switch (n.type) {
    case 'not':
      return false;
    case 'group':
      return hasContentClause(n.child);
    case 'and':
    case 'or':
      return n.children.some(hasContentClause);
    case 'keyword':
    case 'phrase':
      return tokenize(n.value.toLowerCase()).some((t) => !isStopword(t));
    default:
      return !isConjunctionOnly(n);
  }
}
