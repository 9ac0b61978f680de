// A post cut into what the matcher compares, computed once and shared by every rule checked
// against it (the rule index verifies hundreds of candidates per post).
import type { ProfileField, UrlField } from './ast.js';
import type { MatchPost, MatchReference, Product } from './types.js';
import { fold, isAscii, tokenize } from './text.js';

/** One tokenized text. `raw` keeps accents, `folded` drops them; a rule token matches position i
 * when it equals either, which gives both products' accent rules (see values.textPattern). */
export interface TextField {
  readonly source: string;
  readonly raw: string[];
  readonly folded: string[];
  lowerText?: string;
  foldedText?: string;
}

export interface PreparedPost {
  readonly post: MatchPost;
  readonly product: Product;
  /** Lower-cased language code; unclassified posts are `und` (notes §4.3). */
  readonly lang: string;
  /** Texts keywords are matched against (see keywordTexts). */
  readonly fields: TextField[];
  /** Every raw and folded token of `fields`. */
  readonly terms: Set<string>;
  readonly hashtags: ReadonlySet<string>;
  readonly mentions: ReadonlySet<string>;
  readonly cashtags: ReadonlySet<string>;
  readonly retweeted: MatchReference | undefined;
  readonly quoted: MatchReference | undefined;
  readonly repliedTo: MatchReference | undefined;
  /** Profile, URL and place texts, tokenized on first use. */
  lazy?: Map<string, TextField[]>;
  /** The index keys it offers, by NEED mask, derived on first use (post-keys.ts). */
  keys?: Map<number, readonly string[]>;
  /** Its keys' last stamp in a rule key space, for the next index to match it (key-table.ts). */
  stamp?: StampMemo;
}

/** A stamp of a post's keys in a key space (key-table.ts): its epoch and the key ids it offers. */
export type Stamped = { epoch: number; present: number[] };
/** The stamp a post keeps, with what it was made under (the space, the need mask, the key set's version). */
export type StampMemo = { space: object; need: number; version: number; stamped: Stamped };

export function makeField(text: string): TextField {
  const source = text.toLowerCase();
  const raw = tokenize(source);
  let folded = raw;
  if (isAscii(source)) return { source, raw, folded };
  for (let i = 0; i < raw.length; i++) {
    const f = fold(raw[i]!);
    if (f !== raw[i]) {
      if (folded === raw) folded = raw.slice();
      folded[i] = f;
    }
  }
  return { source, raw, folded };
}

/** Notes §4.3: the stream matches a quote post's text and the quoted post's text; search the quote's
 * own text only. Seed ("Other v2 endpoints"): keyword search results no longer contain reposts. */
function keywordTexts(post: MatchPost, product: Product, retweeted: MatchReference | undefined): string[] {
  if (product === 'search') return retweeted ? [] : [post.text];
  return post.quoted_text === undefined ? [post.text] : [post.text, post.quoted_text];
}

const EMPTY: ReadonlySet<string> = new Set();

function lowerSet(values: string[] | undefined): ReadonlySet<string> {
  if (!values || values.length === 0) return EMPTY;
  const s = new Set<string>();
  for (const v of values) s.add(v.toLowerCase());
  return s;
}

function findRef(post: MatchPost, type: MatchReference['type']): MatchReference | undefined {
  const refs = post.referenced_tweets;
  if (refs) for (const r of refs) if (r.type === type) return r;
  return undefined;
}

export function preparePost(post: MatchPost, product: Product): PreparedPost {
  const retweeted = findRef(post, 'retweeted');
  const fields = keywordTexts(post, product, retweeted).map(makeField);
  const terms = new Set<string>();
  for (const f of fields) {
    for (const t of f.raw) terms.add(t);
    if (f.folded !== f.raw) for (const t of f.folded) terms.add(t);
  }
  const e = post.entities;
  return {
    post,
    product,
    fields,
    terms,
    lang: (post.lang ?? 'und').toLowerCase(),
    hashtags: lowerSet(e?.hashtags),
    mentions: lowerSet(e?.mentions),
    cashtags: lowerSet(e?.cashtags),
    retweeted,
    quoted: findRef(post, 'quoted'),
    repliedTo: findRef(post, 'replied_to'),
  };
}

/** Tokenized secondary texts, computed on first use and cached per post. The matcher and the rule
 * index's keys read them through these functions only, so both see the same tokens. */
function lazyFields(p: PreparedPost, key: string, texts: () => (string | undefined)[]): TextField[] {
  p.lazy ??= new Map();
  let fields = p.lazy.get(key);
  if (!fields) {
    fields = [];
    for (const t of texts()) if (t) fields.push(makeField(t));
    p.lazy.set(key, fields);
  }
  return fields;
}

export function profileFields(p: PreparedPost, field: ProfileField): TextField[] {
  const a = p.post.author;
  return lazyFields(p, field, () => [field === 'bio' ? a.description : field === 'bio_name' ? a.name : a.location]);
}

/** `url:` reads both the t.co `url` and the `expanded_url` (notes §4.3). */
export function urlFields(p: PreparedPost, field: UrlField): TextField[] {
  const urls = p.post.entities?.urls ?? [];
  return lazyFields(p, field, () =>
    field === 'url'
      ? urls.flatMap((u) => [u.url, u.expanded_url])
      : field === 'url_title'
        ? urls.map((u) => u.title)
        : urls.map((u) => u.description),
  );
}

export function placeFields(p: PreparedPost): TextField[] {
  const place = p.post.place;
  return lazyFields(p, 'place', () => (place ? [place.full_name, place.name] : []));
}
