// Keyword insights `GET insights/keywords/search` (notes §10.5): computed from the posts in Aviary's
// store through the search index (modules/search), cut with search's own tokenizer, so the figures
// move when posts are written and when the window moves with the clock.
//   - tweet_volume: per DAY or HOUR bucket of [start_time, end_time), the posts containing any
//     keyword and none of the negative keywords (of a place in the `location` country when given);
//   - related_keywords: 30 terms, those co-occurring most often with the keywords in those posts,
//     topped up from the window's most frequent terms when fewer co-occur. Co-occurrence is counted
//     over at most SAMPLE matching posts (the newest of each tenth of the window), and window
//     frequency over its newest SAMPLE posts: cheap over a million posts (bench/ads-keywords.bench.ts).
//     A store whose window has fewer than 30 terms is topped up from its newest posts of any time;
//     only a store with fewer than 30 terms in all answers fewer.
import type { Deps } from '../../../deps.js';
import { KEY_PREFIX } from '../../../engine/index.js';
import { filedKeys, keywordKeys, keywordPosts, windowKeys } from '../../search/index.js';
import { locationByValue } from '../targeting-criteria/index.js';
import { invalid } from '../kit/errors.js';
import * as rules from './keyword-insights.rules.js';

const SAMPLE = 500;

export type InsightParams = {
  granularity: rules.Granularity;
  keywords: string[];
  start_time: number;
  end_time?: number;
  location?: string;
  negative_keywords?: string[];
};

/** "only country level locations are supported" (DOCS): a COUNTRIES targeting value. */
function countryKey(value: string): string {
  const l = locationByValue(value);
  if (!l || l.location_type !== 'COUNTRIES')
    throw invalid('location', `Expected a country-level location targeting value, got "${value}" for location`);
  return KEY_PREFIX.country + l.country_code.toUpperCase();
}

export async function keywordInsights(deps: Deps, p: InsightParams) {
  const negatives = p.negative_keywords ?? [];
  rules.checkKeywordCount(p.keywords.length, negatives.length);
  const start = p.start_time;
  // Ads API times have second precision (notes §1): `now - 7 days` to the second is a 7-day window.
  const end = p.end_time ?? Math.floor(deps.clock.now() / 1000) * 1000;
  rules.checkWindow(start, end);
  const also = p.location === undefined ? undefined : countryKey(p.location);
  const keywords = p.keywords.map(keywordKeys);
  const negativeKeys = negatives.map(keywordKeys);
  const found = await keywordPosts(
    deps,
    { keywords, negatives: negativeKeys, also, start, end },
    { size: rules.GRANULARITY[p.granularity], sample: SAMPLE },
  );
  const skip = new Set([...keywords.flat(), ...negativeKeys.flat()]);
  const related = rules.ranked(await filedKeys(deps, found.sample), skip);
  for (const [from, to] of [
    [start, end],
    [0, Number.MAX_SAFE_INTEGER],
  ]) {
    if (related.length >= rules.RELATED) break;
    const have = new Set([...related, ...skip]);
    related.push(...rules.ranked(await windowKeys(deps, from!, to!, SAMPLE), have));
  }
  return {
    related_keywords: related.slice(0, rules.RELATED),
    tweet_volume: found.volumes,
  };
}
