// Decides whether one post matches one bound query. `matches` is the reference semantics; the rule
// index (rule-index.ts) must return exactly what calling it for every rule returns, and does so by
// running the same compiled predicate (compile.ts) on its candidates.
import type { QueryNode } from './ast.js';
import { compiled } from './compile.js';
import { preparePost, type PreparedPost } from './prepare.js';
import type { MatchContext, MatchPost } from './types.js';

/** `ctx.product` must be the product the query was parsed for: the two normalise keywords and
 * choose the texts they see differently (notes §4.3, §5). */
export function matches(ast: QueryNode, post: MatchPost, ctx: MatchContext): boolean {
  return evaluate(ast, preparePost(post, ctx.product), ctx);
}

/** `matches` for a post prepared once (with `preparePost(post, ctx.product)`) and checked many times. */
export function evaluate(ast: QueryNode, p: PreparedPost, ctx: MatchContext): boolean {
  return compiled(ast)(p, ctx);
}
