// Text → entities, the way the real service does it: links are wrapped in t.co short links, and
// urls, mentions, hashtags and cashtags come from the official `twitter-text` library, with indices
// in code points (v2 entities count Unicode code points, not UTF-16 units).
import twttr from '../../shared/twitter-text.js';
import { displayUrl, shortLink } from '../../shared/links.js';

export { displayUrl, shortLink };

export type UrlEntity = {
  start: number;
  end: number;
  url: string;
  expanded_url: string;
  display_url: string;
  unwound_url?: string;
  status?: number;
  media_key?: string;
};
export type MentionEntity = { start: number; end: number; username: string; id?: string };
export type TagEntity = { start: number; end: number; tag: string };
export type AnnotationEntity = {
  start: number;
  end: number;
  /** Absent on annotations set by hand through the control API, where it is optional (README). */
  probability?: number;
  type: string;
  normalized_text: string;
};
export type Entities = {
  urls?: UrlEntity[];
  mentions?: MentionEntity[];
  hashtags?: TagEntity[];
  cashtags?: TagEntity[];
  annotations?: AnnotationEntity[];
};

/** Weighted length by the platform's rules (links count 23, CJK and emoji 2). */
export const weightedLength = (text: string): number => twttr.parseTweet(text).weightedLength;

/** Code-point length, the unit of v2 entity indices and `display_text_range`. */
export const cpLength = (text: string): number => [...text].length;

/** A link this post wrapped: its t.co link, its place among the text's links, what it expands to. */
export type Wrapped = { tco: string; i: number; expanded: string };

/** The t.co link of the i-th link of a text wrapped for `seed` (t.co links are always 23 characters). */
export const wrapLink = (seed: string, i: number, expanded: string) => shortLink(`${seed}|${i}|${expanded}`);

/** Replaces every link with a t.co link; returns the new text, what each link expands to, and what was wrapped. */
export function shortenLinks(
  text: string,
  seed: string,
): { text: string; links: Map<string, string>; wrapped: Wrapped[] } {
  const found = twttr.extractUrlsWithIndices(text, { extractUrlsWithoutProtocol: true });
  const links = new Map<string, string>();
  const wrapped: Wrapped[] = [];
  let out = '';
  let at = 0;
  found.forEach((u, i) => {
    const [s, e] = u.indices;
    const expanded = /^https?:\/\//i.test(u.url) ? u.url : `http://${u.url}`;
    const keep = /^https:\/\/t\.co\//.test(expanded);
    const tco = keep ? expanded : wrapLink(seed, i, expanded);
    if (!keep) wrapped.push({ tco, i, expanded });
    if (!links.has(tco)) links.set(tco, expanded);
    out += text.slice(at, s) + tco;
    at = e;
  });
  return { text: out + text.slice(at), links, wrapped };
}

/**
 * The entities of `text` (already shortened): urls get their expansions from `links`. `found`, the
 * library's own result for this text, is taken over (its indices become code points).
 */
export function extractEntities(
  text: string,
  links: Map<string, string> = new Map(),
  found = twttr.extractEntitiesWithIndices(text),
): Entities {
  twttr.modifyIndicesFromUTF16ToUnicode(text, found);
  const out: Entities = {};
  const push = <K extends keyof Entities>(k: K, v: NonNullable<Entities[K]>[number]) => {
    ((out[k] ??= []) as unknown[]).push(v);
  };
  for (const e of found) {
    const [start, end] = e.indices;
    if ('url' in e) {
      const expanded = links.get(e.url) ?? e.url;
      push('urls', {
        start,
        end,
        url: e.url,
        expanded_url: expanded,
        display_url: displayUrl(expanded),
        unwound_url: expanded,
        status: 200,
      });
    } else if ('screenName' in e) {
      if (!(e as { listSlug?: string }).listSlug) push('mentions', { start, end, username: e.screenName });
    } else if ('hashtag' in e) {
      push('hashtags', { start, end, tag: e.hashtag });
    } else if ('cashtag' in e) {
      push('cashtags', { start, end, tag: e.cashtag });
    }
  }
  return out;
}

/** Text with its links wrapped and its entities (direct messages use this too). */
export function linkedText(raw: string, seed: string): { text: string; entities: Entities | undefined } {
  const { text, links } = shortenLinks(raw, seed);
  const entities = extractEntities(text, links);
  return { text, entities: Object.keys(entities).length ? entities : undefined };
}
