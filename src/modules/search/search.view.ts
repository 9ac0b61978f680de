// Domain → wire: the search page meta and the counts buckets (SPEC Get2TweetsSearchRecentResponse,
// Get2TweetsCountsRecentResponse; notes §5).
import { isoMillis } from '../../shared/clock.js';
import type { Window } from './search.window.js';

export type Granularity = 'minute' | 'hour' | 'day';
export type SearchMeta = { newest_id?: string; oldest_id?: string; result_count: number; next_token?: string };

const UNIT: Record<Granularity, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** `newest_id, oldest_id, result_count, next_token` in the spec's order; an empty page has only the count. */
export function searchMeta(ids: string[], next: string | undefined): SearchMeta {
  if (ids.length === 0) return { result_count: 0 };
  const meta: SearchMeta = { newest_id: ids[0]!, oldest_id: ids[ids.length - 1]!, result_count: ids.length };
  if (next) meta.next_token = next;
  return meta;
}

/** Bucket edges over [start, end): the first and last buckets are cut by the window, the others
 * aligned to whole minutes, hours or days (UTC), as the counts quickstart's daily buckets are. */
export function bucketEdges(w: Window, g: Granularity): number[] {
  const unit = UNIT[g];
  const edges = [w.start];
  for (let t = (Math.floor(w.start / unit) + 1) * unit; t < w.end; t += unit) edges.push(t);
  edges.push(w.end);
  return edges;
}

/** `{data: [{end, start, tweet_count}…], meta: {total_tweet_count}}`, oldest bucket first, empty buckets included. */
export function bucketize(times: number[], w: Window, g: Granularity) {
  const edges = bucketEdges(w, g);
  const counts = new Array<number>(edges.length - 1).fill(0);
  for (const t of times) {
    let lo = 0;
    let hi = counts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (edges[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    counts[lo]!++;
  }
  const data = counts.map((n, i) => ({ end: isoMillis(edges[i + 1]!), start: isoMillis(edges[i]!), tweet_count: n }));
  return { data, meta: { total_tweet_count: times.length } };
}
