// The query/rule language: what other modules may use. Pure: no I/O, no clock, no environment.
export type { QueryNode, SyntaxNode, TextPattern } from './ast.js';
export { showSyntax } from './ast.js';
export type {
  MatchContext,
  MatchContextAnnotation,
  MatchMetrics,
  MatchPlace,
  MatchPost,
  MatchReference,
  MatchUrl,
  MatchUser,
  MediaType,
  ParseContext,
  Product,
} from './types.js';
export { parse, type ParseResult } from './parser.js';
export { parseQuery, type ParseQueryResult } from './validate.js';
export { SEARCH_PREFIX, searchErrorMessage } from './messages.js';
export { matches, evaluate } from './matcher.js';
export { preparePost, type PreparedPost } from './prepare.js';
export { createRuleIndex, compareIds, type RuleIndex } from './rule-index.js';
// The term keys the rule index files rules and posts under; search's postings index reuses them so
// both products find candidates the same way.
export { exactKey, KEY_PREFIX, NEED } from './index-keys.js';
export { postKeys } from './post-keys.js';
export { isStopword } from './text.js';
// How a query word is cut into tokens (search folds accents): keyword insights cut keywords alike.
export { textPattern } from './values.js';
