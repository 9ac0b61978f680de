// Keyword tokenization shared by rules and posts, so a rule term and the text it should match are cut
// the same way. Notes §4.3: keywords are "tokenized on punctuation, symbols, separators"
// ("I like coca-cola" → I, like, coca, cola), case-insensitively.

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
// A word is a run of letters/digits (with their combining marks) that starts with a letter or digit;
// Han/kana characters stand alone because those scripts are written without spaces; each emoji
// or regional-indicator is its own token, so `🍕` is a keyword (notes §4.3 "emoji"). Everything else
// (punctuation, symbols, separators, variation selectors, ZWJ, skin-tone modifiers) separates tokens.
// Built with `new RegExp` because the `v` flag (class subtraction) post-dates the ES2022 target.
const TOKEN_RE = new RegExp(
  `[${CJK}]|[[\\p{L}\\p{N}]--[${CJK}]][[\\p{L}\\p{N}\\p{M}]--[${CJK}\\p{Variation_Selector}]]*` +
    `|\\p{Extended_Pictographic}|\\p{Regional_Indicator}`,
  'gv',
);

const NON_ASCII = /[\u0080-\uffff]/;
const COMBINING = /[\u0300-\u036f]/g;

export function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

/** Tokens of an already lower-cased string. */
export function tokenize(lower: string): string[] {
  return NON_ASCII.test(lower) ? tokenizeUnicode(lower) : tokenizeAscii(lower);
}

/** The reference tokenizer; `tokenize` only takes a faster path for pure-ASCII text. */
export function tokenizeUnicode(lower: string): string[] {
  return lower.match(TOKEN_RE) ?? [];
}

// Most posts are ASCII; a char-code loop is several times faster than the Unicode regex.
function tokenizeAscii(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(s.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** Removes Latin-style diacritics ("é" → "e"). Notes §4.3: search matches accented and unaccented
 * text alike; in the stream an unaccented term matches both but an accented one only itself. */
export function fold(s: string): string {
  if (!NON_ASCII.test(s)) return s;
  const stripped = s.normalize('NFD').replace(COMBINING, '');
  return stripped.normalize('NFC');
}

export function hasAccent(s: string): boolean {
  return fold(s) !== s;
}

/** Lower-cased with whitespace runs collapsed, for verbatim (`literal`) comparisons. */
export function normaliseLiteral(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

// The real stopword list is not published. Observed: a rule of only `a` or only `you` is refused
// ("Rules must contain at least one positive, non-stopword clause"); the rest is the common
// English function-word set used by Lucene-family analysers, an assumption.
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
  'you',
  'your',
  'i',
  'me',
  'my',
  'we',
  'our',
  'he',
  'she',
  'his',
  'her',
  'its',
]);

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}
