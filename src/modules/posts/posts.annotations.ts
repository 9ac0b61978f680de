// The built-in annotation catalog: deterministic stand-ins for the service's classifiers, so that
// `context_annotations` (domain + entity) and `entities.annotations` (named entities) exist on posts
// and `context:` / `entity:` queries have something real to match. The control API can replace a
// post's annotations (PUT /_aviary/posts/{id}/annotations).
import type { AnnotationEntity } from './posts.text.js';

export type ContextAnnotation = {
  domain: { id: string; name: string; description: string };
  entity: { id: string; name: string; description?: string };
};

const DOMAINS: Record<string, { name: string; description: string }> = {
  '6': { name: 'Sports Event', description: 'A scheduled sports event' },
  '11': { name: 'Sport', description: 'Types of sports, like soccer and basketball' },
  '12': { name: 'Sports Team', description: 'A sports team organization' },
  '45': { name: 'Brand Vertical', description: 'Top level entities that describe a Brands industry' },
  '46': {
    name: 'Business Taxonomy',
    description: 'Categories within Brand Verticals that narrow down the scope of Brands',
  },
  '47': { name: 'Brand', description: 'Brands and Companies' },
  '48': { name: 'Product', description: 'Products created by Brands' },
  '65': {
    name: 'Interests and Hobbies Vertical',
    description: 'Top level interests and hobbies groupings, like Food or Travel',
  },
  '66': {
    name: 'Interests and Hobbies Category',
    description: 'A grouping of interests and hobbies entities, like Novelty Food or Destinations',
  },
  '67': {
    name: 'Interests and Hobbies',
    description: 'Interests, opinions, and behaviors of individuals, groups, or cultures',
  },
  '131': { name: 'Unified Twitter Taxonomy', description: 'A taxonomy of user interests. ' },
  '165': { name: 'Technology', description: 'Technology and computing' },
};

type Entry = {
  keywords: string[];
  contexts: [string, string, string][];
  named?: { text: string; type: 'Person' | 'Place' | 'Organization' | 'Product' | 'Other' };
};

/** keyword (lower case, matched as a word or hashtag) → [domain id, entity id, entity name]. */
const CATALOG: Entry[] = [
  {
    keywords: ['javascript', 'typescript', 'nodejs', 'node.js'],
    contexts: [
      ['66', '848921413196984320', 'Computer programming'],
      ['131', '848921413196984320', 'Computer programming'],
    ],
    named: { text: 'JavaScript', type: 'Product' },
  },
  {
    keywords: ['python', 'rust', 'golang', 'coding', 'programming', 'developer', 'developers', 'api'],
    contexts: [
      ['66', '848921413196984320', 'Computer programming'],
      ['165', '1216014394315010048', 'Software development'],
    ],
  },
  {
    keywords: ['ai', 'machinelearning', 'llm', 'neural'],
    contexts: [
      ['66', '898661583827615744', 'Artificial intelligence'],
      ['131', '1286677935284813824', 'Machine learning'],
    ],
  },
  {
    keywords: ['bitcoin', 'btc', 'crypto', 'ethereum'],
    contexts: [
      ['66', '913142676819648512', 'Cryptocurrencies'],
      ['131', '1007360414114435072', 'Bitcoin cryptocurrency'],
    ],
    named: { text: 'Bitcoin', type: 'Product' },
  },
  {
    keywords: ['nasa', 'space', 'rocket', 'mars', 'launch'],
    contexts: [
      ['131', '847900493514891265', 'Space'],
      ['66', '847900493514891265', 'Space'],
    ],
    named: { text: 'NASA', type: 'Organization' },
  },
  {
    keywords: ['soccer', 'football', 'futbol', 'fútbol', 'worldcup'],
    contexts: [
      ['11', '847888632711061504', 'Soccer'],
      ['6', '1138120064119369729', 'Soccer match'],
    ],
  },
  {
    keywords: ['nba', 'basketball', 'lakers', 'warriors'],
    contexts: [
      ['11', '847887968937947136', 'Basketball'],
      ['12', '1235630297234067456', 'NBA team'],
    ],
    named: { text: 'NBA', type: 'Organization' },
  },
  {
    keywords: ['coffee', 'espresso', 'latte'],
    contexts: [
      ['65', '847868745150119936', 'Food'],
      ['67', '1022025063624384512', 'Coffee'],
    ],
  },
  {
    keywords: ['music', 'concert', 'album', 'song'],
    contexts: [
      ['65', '847869285141696512', 'Music'],
      ['131', '847869285141696512', 'Music'],
    ],
  },
  {
    keywords: ['travel', 'vacation', 'flight', 'trip'],
    contexts: [
      ['65', '847878884917886977', 'Travel'],
      ['67', '1196845866138533888', 'Travel destinations'],
    ],
  },
  {
    keywords: ['movie', 'cinema', 'film'],
    contexts: [
      ['65', '847894353708298240', 'Movies'],
      ['131', '847894353708298240', 'Movies'],
    ],
  },
  {
    keywords: ['iphone', 'apple'],
    contexts: [
      ['47', '10026364281', 'Apple'],
      ['48', '10026820777', 'iPhone'],
    ],
    named: { text: 'Apple', type: 'Organization' },
  },
  {
    keywords: ['tesla'],
    contexts: [
      ['47', '10044225980', 'Tesla Motors'],
      ['45', '781974596752842752', 'Automotive'],
    ],
    named: { text: 'Tesla', type: 'Organization' },
  },
  {
    keywords: ['weather', 'rain', 'snow', 'sunny'],
    contexts: [
      ['131', '1309183396214743040', 'Weather'],
      ['66', '1309183396214743040', 'Weather'],
    ],
  },
  { keywords: ['paris'], contexts: [['131', '1196446161223028736', 'Paris']], named: { text: 'Paris', type: 'Place' } },
  {
    keywords: ['london'],
    contexts: [['131', '1196446161223028737', 'London']],
    named: { text: 'London', type: 'Place' },
  },
  {
    keywords: ['tokyo', '東京'],
    contexts: [['131', '1196446161223028738', 'Tokyo']],
    named: { text: 'Tokyo', type: 'Place' },
  },
  {
    keywords: ['jack'],
    contexts: [['10', '799022225751871488', 'Jack Dorsey']],
    named: { text: 'Jack', type: 'Person' },
  },
];

const KEYWORD_INDEX = new Map<string, Entry>();
for (const e of CATALOG) for (const k of e.keywords) KEYWORD_INDEX.set(k, e);

function ctx([domain, id, name]: [string, string, string]): ContextAnnotation {
  return { domain: { id: domain, ...DOMAINS[domain]! }, entity: { id, name } };
}

const WORD = /[\p{L}\p{N}._]+/gu;
const SURROGATE = /[\ud800-\udbff]/;

/** Code points in text[from, to). */
function codePoints(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** Words of the text, lower case, with their code-point offsets (end inclusive); hashtags count without `#`. */
function words(text: string): { w: string; start: number; end: number }[] {
  const out: { w: string; start: number; end: number }[] = [];
  const astral = SURROGATE.test(text);
  let at = 0;
  let cp = 0;
  for (const m of text.matchAll(WORD)) {
    cp += astral ? codePoints(text, at, m.index) : m.index - at;
    at = m.index;
    const w = m[0].replace(/\.+$/, '');
    if (w) out.push({ w: w.toLowerCase(), start: cp, end: cp + (astral ? codePoints(w, 0, w.length) : w.length) - 1 });
  }
  return out;
}

/** Context annotations and named-entity annotations the catalog finds in `text` (link-free). */
export function annotate(text: string): { context: ContextAnnotation[]; named: AnnotationEntity[] } {
  const context: ContextAnnotation[] = [];
  const seen = new Set<string>();
  const named: AnnotationEntity[] = [];
  for (const { w, start, end } of words(text)) {
    const entry = KEYWORD_INDEX.get(w);
    if (!entry) continue;
    for (const c of entry.contexts) {
      const key = `${c[0]}.${c[1]}`;
      if (!seen.has(key)) {
        seen.add(key);
        context.push(ctx(c));
      }
    }
    if (entry.named && w === entry.named.text.toLowerCase() && !named.some((n) => n.start === start)) {
      named.push({
        start,
        end,
        probability: Math.round(90 + (w.length % 10)) / 100,
        type: entry.named.type,
        normalized_text: entry.named.text,
      });
    }
  }
  return { context, named };
}

/** Every domain of the catalog (control API and docs). */
export const ANNOTATION_DOMAINS = DOMAINS;
