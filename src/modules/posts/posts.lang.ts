// A small deterministic language classifier for `lang`: script first (kana → ja, Hangul → ko, …),
// then the most frequent function words for Latin-script languages. Like the real service it
// answers `zxx` for posts that are only links or media, `qht` for only hashtags, `qam` for only
// mentions, and `und` when it cannot tell.
import twttr from '../../shared/twitter-text.js';

const SCRIPTS: [RegExp, string][] = [
  [/[\u3040-\u30ff]/, 'ja'],
  [/[\uac00-\ud7af]/, 'ko'],
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u0600-\u06ff]/, 'ar'],
  [/[\u0590-\u05ff]/, 'iw'],
  [/[\u0400-\u04ff]/, 'ru'],
  [/[\u0e00-\u0e7f]/, 'th'],
  [/[\u0900-\u097f]/, 'hi'],
  [/[\u0370-\u03ff]/, 'el'],
];

const WORDS: Record<string, string[]> = {
  en: [
    'the',
    'and',
    'is',
    'to',
    'of',
    'in',
    'it',
    'you',
    'that',
    'for',
    'with',
    'this',
    'are',
    'on',
    'my',
    'just',
    'what',
    'be',
    'we',
    'up',
    'a',
    'an',
    'i',
    'was',
    'than',
    'about',
    'anyone',
    'else',
    'your',
    'today',
    'new',
    'how',
    'last',
    'night',
    'great',
    'send',
    'help',
    'again',
    'next',
    'month',
    'better',
    'feels',
    'good',
    'going',
    'thoughts',
    'hot',
    'take',
    'watching',
    'reading',
    'morning',
    'favourite',
    'favorite',
    'setting',
    'shipped',
    'feature',
    'agree',
    'thanks',
  ],
  es: [
    'el',
    'la',
    'de',
    'que',
    'y',
    'en',
    'los',
    'las',
    'es',
    'por',
    'un',
    'una',
    'para',
    'con',
    'muy',
    'hoy',
    'del',
    'gran',
    'día',
    'me',
    'encanta',
    'nuevo',
    'artículo',
    'alguien',
    'más',
    'programa',
    'domingos',
    'mañana',
    'viajando',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'est',
    'des',
    'une',
    'un',
    'pour',
    'pas',
    'dans',
    'je',
    'sur',
    'avec',
    'du',
    'aujourd',
    'meilleur',
    'nouvelle',
    'notre',
    'suis',
    'ce',
    'soir',
    'était',
    'incroyable',
    'musique',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'ein',
    'eine',
    'ich',
    'mit',
    'auf',
    'für',
    'heute',
    'zu',
    'den',
    'guter',
    'tag',
    'neuer',
    'wer',
    'schaut',
    'spiel',
    'stark',
    'über',
  ],
  pt: [
    'o',
    'os',
    'de',
    'que',
    'e',
    'não',
    'um',
    'uma',
    'para',
    'com',
    'hoje',
    'muito',
    'do',
    'da',
    'é',
    'novo',
    'dia',
    'mais',
    'alguém',
    'animado',
    'melhor',
    'combinação',
    'viagem',
    'código',
  ],
  it: ['il', 'di', 'che', 'e', 'non', 'per', 'una', 'sono', 'con', 'oggi', 'della', 'gli', 'anche'],
};

/** What `twttr.extractEntitiesWithIndices` found in the text, UTF-16 indices (callers may pass theirs). */
export type FoundEntities = ReturnType<typeof twttr.extractEntitiesWithIndices>;

const WORD_SETS = Object.entries(WORDS).map(([lang, list]) => [lang, new Set(list)] as const);

function stripEntities(text: string, found: FoundEntities): { rest: string; kinds: Set<string> } {
  const kinds = new Set<string>();
  let rest = text;
  for (let i = found.length - 1; i >= 0; i--) {
    const e = found[i]!;
    kinds.add('url' in e ? 'url' : 'screenName' in e ? 'mention' : 'hashtag' in e ? 'hashtag' : 'cashtag');
    rest = rest.slice(0, e.indices[0]) + ' ' + rest.slice(e.indices[1]);
  }
  return { rest, kinds };
}

const NOT_ASCII = /[\u0080-\uffff]/;
/** In ASCII, what is not white space, punctuation, a symbol or a digit: letters and control characters. */
// eslint-disable-next-line no-control-regex -- the general path keeps control characters as letters
const ASCII_LETTERS = /[A-Za-z\x00-\x08\x0e-\x1f\x7f]/;

export function detectLang(text: string, found: FoundEntities = twttr.extractEntitiesWithIndices(text)): string {
  const { rest, kinds } = stripEntities(text, found);
  // Most posts are ASCII: no script below can match, and the Unicode classes need not be scanned (the
  // general path cost a post 25 µs of the write path's CPU; bench/NOTES.md "write path, third pass").
  const ascii = !NOT_ASCII.test(rest);
  const letters = ascii ? null : rest.replace(/[\s\p{P}\p{S}\p{N}]/gu, '');
  if (letters === null ? !ASCII_LETTERS.test(rest) : letters.length === 0) {
    if (kinds.size === 1 && kinds.has('hashtag')) return 'qht';
    if (kinds.size === 1 && kinds.has('mention')) return 'qam';
    return kinds.size === 0 || kinds.has('url') ? 'zxx' : 'und';
  }
  if (letters !== null) for (const [re, lang] of SCRIPTS) if (re.test(letters)) return lang;
  const words = rest
    .toLowerCase()
    .split(ascii ? /[^A-Za-z']+/ : /[^\p{L}']+/u)
    .filter(Boolean);
  let best = 'und';
  let bestScore = 0;
  for (const [lang, list] of WORD_SETS) {
    let score = 0;
    for (const w of words) if (list.has(w)) score++;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
