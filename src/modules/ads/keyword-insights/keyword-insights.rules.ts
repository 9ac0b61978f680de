// Keyword insights' pure parts (notes §10.5; seed "Audiences" and "Limits"): the window's rules, its
// buckets, and the ranking of related keywords. Wording is Aviary's, in the patterns of notes §3.2.
import { adsError } from '../kit/errors.js';
import { adsTime } from '../kit/time.js';

export const GRANULARITY = { DAY: 86_400_000, HOUR: 3_600_000 } as const;
export type Granularity = keyof typeof GRANULARITY;
/** "A maximum time range (end_time - start_time) of 7 days is allowed" (DOCS). */
export const MAX_RANGE = 7 * 86_400_000;
/** "A maximum of 10 keywords (keywords and negative_keywords combined) may be used" (DOCS). */
export const MAX_KEYWORDS = 10;
/** "a set of 30 related keywords" (DOCS; seed "Limits"). */
export const RELATED = 30;

export function checkWindow(start: number, end: number): void {
  if (end <= start)
    throw adsError(
      'INVALID_TIME_WINDOW',
      `end_time (${adsTime(end)}) must be after start_time (${adsTime(start)})`,
      'end_time',
    );
  if (end - start > MAX_RANGE)
    throw adsError(
      'INVALID_TIME_WINDOW',
      `The time range between start_time (${adsTime(start)}) and end_time (${adsTime(end)}) may be at most 7 days`,
      'end_time',
    );
}

export function checkKeywordCount(keywords: number, negatives: number): void {
  if (keywords + negatives > MAX_KEYWORDS)
    throw adsError(
      'INVALID_PARAMETER',
      `A maximum of ${MAX_KEYWORDS} keywords and negative_keywords combined may be provided, got ${keywords + negatives}`,
      negatives > 0 ? 'negative_keywords' : 'keywords',
    );
}

/** Words and hashtags among filed keys: operator keys (`l:en`, `f:123`) and mentions are not keywords. */
export const isKeyword = (key: string) => !key.includes(':') && !key.startsWith('@');

/** Keywords by how many of the posts filed them, most first (ties in text order), leaving out `skip`. */
export function ranked(docs: string[][], skip: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>();
  for (const keys of docs)
    for (const k of keys) if (isKeyword(k) && !skip.has(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
}
