// Every error text the query language produces, in one place. Positions are 1-based character
// offsets of the offending clause, as in the real texts. Search renders several errors as
// "There were errors processing your request: <e1>, <e2>" (SEARCH_PREFIX); rules return them as
// `details: [...]` (notes §4.2).
//
// OBS = quoted verbatim from real responses (notes §4.2, §5 and public client code/fixtures);
// ASSUMED = no real text was found, worded in the same style.

export const SEARCH_PREFIX = 'There were errors processing your request: ';

const at = (pos: number): string => ` (at position ${pos})`;

export const messages = {
  // OBS: `{"value":"--b","details":[...]}` and PowerTrack `-follow`.
  nonNegation: (pos: number) => `Rules must contain a non-negation term${at(pos)}`,
  // OBS: same bodies; also search query `a`.
  nonStopword: (pos: number) => `Rules must contain at least one positive, non-stopword clause${at(pos)}`,
  // OBS: `streaming AND lang:en` → position 11; lowercase `and` is refused too.
  ambiguousAnd: (pos: number) =>
    `Ambiguous use of and as a keyword. Use a space to logically join two clauses, or "and" to find occurrences of and in text${at(pos)}`,
  // OBS: `has:polls` → "is/has/lang cannot be used as a standalone operator (at position 1)".
  standalone: (pos: number) => `is/has/lang cannot be used as a standalone operator${at(pos)}`,
  // OBS: `point_radius` in search → position 8; `is:retweet`, `has:polls`, `min_faves`, `filter`.
  invalidOperator: (name: string, pos: number) =>
    `Reference to invalid operator '${name}'. Operator is not available in current product or product packaging. ` +
    `Please refer to complete available operator list at http://t.co/operators.${at(pos)}`,
  // OBS: `[(OpenAI OR GPT-3) ...]` → "no viable alternative at input '[' (at position 1)".
  noViableInput: (input: string, pos: number) => `no viable alternative at input '${input}'${at(pos)}`,
  // OBS: `(pepsi OR cola OR 'coca cola')` → "no viable alternative at character ''' (at position 19)".
  noViableChar: (ch: string, pos: number) => `no viable alternative at character '${ch}'${at(pos)}`,
  // OBS: a stray `)` → "missing EOF at ')' (at position 51)".
  missingEof: (input: string, pos: number) => `missing EOF at '${input}'${at(pos)}`,
  // OBS (third-party test fixture quoting the API): "Missing closing parenthesis (at position 30)".
  missingParen: (pos: number) => `Missing closing parenthesis${at(pos)}`,
  // OBS: search with `query=` empty.
  emptyQuery: () => `Invalid 'query':''. 'query' must be a non-empty string`,

  // ASSUMED: an unterminated quote, in the ANTLR lexer's own wording, like the texts above.
  unterminatedQuote: (text: string, pos: number) => `token recognition error at: '${text}'${at(pos)}`,
  // ASSUMED: notes §4.3 "do not negate groups"; worded as the parser error it most likely is.
  negatedGroup: (pos: number) => `no viable alternative at input '-('${at(pos)}`,
  // ASSUMED: notes §4.3 "all operators negatable except sample: and embedding:".
  notNegatable: (name: string, pos: number) => `Operator '${name}' cannot be negated${at(pos)}`,
  // ASSUMED: notes §4.3 "-is:nullcast must be negated".
  mustNegate: (name: string, pos: number) => `Operator '${name}' must be negated${at(pos)}`,
  // ASSUMED: notes §4.3 "one value per operator" (`from:a,b`, `lang:en,fr`).
  oneValue: (name: string, pos: number) =>
    `Operator '${name}' accepts a single value; repeat the operator to match several values${at(pos)}`,
  // ASSUMED: a value the operator cannot take (`sample:0`, `lang:xx`, `point_radius:[1 2 30mi]`).
  invalidValue: (name: string, value: string, pos: number) =>
    `Invalid value '${value}' for operator '${name}'${at(pos)}`,
  // ASSUMED: notes §4.3 proximity "N ≤ 6".
  proximityRange: (pos: number) => `Proximity distance must be between 1 and 6${at(pos)}`,
  // ASSUMED: over-long rule/query; the rules service maps this to the `rule-length` problem.
  tooLong: (length: number, max: number) =>
    `Rule length ${length} exceeds the maximum of ${max} characters${at(max + 1)}`,
} as const;

/** One search `message` for several errors, as observed: the prefix, then the errors joined by ", ". */
export function searchErrorMessage(errors: string[]): string {
  return SEARCH_PREFIX + errors.join(', ');
}
