// Pure rules of trends: what a post trends for (its hashtags and annotated entities), the places a
// WOEID names, whether a post belongs to one, and the counting and ranking of trends.
import type { PostRow } from '../posts/index.js';

/** A small table of real Yahoo! WOEIDs (the ids GET /1.1/trends/available lists); 1 is the world. */
export const WOEIDS: Record<number, { name: string; country_code: string | null; names: string[] }> = {
  1: { name: 'Worldwide', country_code: null, names: [] },
  23424977: { name: 'United States', country_code: 'US', names: ['united states', 'usa'] },
  23424975: { name: 'United Kingdom', country_code: 'GB', names: ['united kingdom', 'uk', 'england'] },
  23424856: { name: 'Japan', country_code: 'JP', names: ['japan', '日本'] },
  23424829: { name: 'Germany', country_code: 'DE', names: ['germany', 'deutschland'] },
  23424819: { name: 'France', country_code: 'FR', names: ['france'] },
  23424848: { name: 'India', country_code: 'IN', names: ['india'] },
  23424768: { name: 'Brazil', country_code: 'BR', names: ['brazil', 'brasil'] },
  23424775: { name: 'Canada', country_code: 'CA', names: ['canada'] },
  2459115: { name: 'New York', country_code: 'US', names: ['new york', 'nyc', 'brooklyn', 'manhattan'] },
  2442047: { name: 'Los Angeles', country_code: 'US', names: ['los angeles'] },
  2487956: { name: 'San Francisco', country_code: 'US', names: ['san francisco'] },
  44418: { name: 'London', country_code: 'GB', names: ['london'] },
  1118370: { name: 'Tokyo', country_code: 'JP', names: ['tokyo', '東京'] },
  615702: { name: 'Paris', country_code: 'FR', names: ['paris'] },
  638242: { name: 'Berlin', country_code: 'DE', names: ['berlin'] },
};
/** A city's WOEID also counts posts placed in its country only when the place is the city itself. */
const CITY_WOEIDS = new Set([2459115, 2442047, 2487956, 44418, 1118370, 615702, 638242]);

/**
 * Whether a post belongs to a WOEID: the world holds every post; a country holds posts placed in it
 * (geo) or by authors whose profile location names it or one of its cities; a city holds posts whose
 * place or author location names it.
 */
export function inWoeid(
  woeid: number,
  post: { place?: { country_code: string; full_name: string } | null; location: string | null },
): boolean {
  const w = WOEIDS[woeid];
  if (!w || woeid === 1) return true;
  const names = CITY_WOEIDS.has(woeid)
    ? w.names
    : [
        ...w.names,
        ...[...CITY_WOEIDS].filter((c) => WOEIDS[c]!.country_code === w.country_code).flatMap((c) => WOEIDS[c]!.names),
      ];
  const hay = `${post.place?.full_name ?? ''} ${post.location ?? ''}`.toLowerCase();
  if (!CITY_WOEIDS.has(woeid) && post.place && post.place.country_code === w.country_code) return true;
  return names.some((n) => new RegExp(`(^|[^\\p{L}])${n}($|[^\\p{L}])`, 'u').test(hay));
}

type Annotation = { domain: { name: string }; entity: { name: string } };

/** What a post trends for: `#tag` for each hashtag, the entity name for each context annotation. */
export function trendsOf(p: PostRow): { name: string; key: string; category: string | null }[] {
  const out = new Map<string, { name: string; key: string; category: string | null }>();
  const e = p.entities ? (JSON.parse(p.entities) as { hashtags?: { tag: string }[] }) : null;
  for (const h of e?.hashtags ?? [])
    out.set(`#${h.tag.toLowerCase()}`, { name: `#${h.tag}`, key: `#${h.tag.toLowerCase()}`, category: null });
  const ctx = p.context_annotations ? (JSON.parse(p.context_annotations) as Annotation[]) : [];
  for (const a of ctx) {
    const key = a.entity.name.toLowerCase();
    if (!out.has(key)) out.set(key, { name: a.entity.name, key, category: a.domain.name });
  }
  return [...out.values()];
}

export type Trend = {
  trend_name: string;
  post_count: number;
  category: string | null;
  first_at: number;
  last_at: number;
};

/** Trends counted over posts: held by `min` posts or more, the most posted first, then the latest. */
export function countTrends(posts: readonly PostRow[], min: number): Trend[] {
  const counts = new Map<string, Trend & { names: Map<string, number> }>();
  for (const p of posts)
    for (const t of trendsOf(p)) {
      const c = counts.get(t.key) ?? {
        trend_name: t.name,
        post_count: 0,
        category: t.category,
        first_at: p.created_at,
        last_at: p.created_at,
        names: new Map(),
      };
      c.post_count++;
      c.first_at = Math.min(c.first_at, p.created_at);
      c.last_at = Math.max(c.last_at, p.created_at);
      c.names.set(t.name, (c.names.get(t.name) ?? 0) + 1);
      counts.set(t.key, c);
    }
  return [...counts.values()]
    .filter((c) => c.post_count >= min)
    .map(({ names, ...c }) => ({
      ...c,
      // The spelling most posts use (#AI over #ai).
      trend_name: [...names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
    }))
    .sort((a, b) => b.post_count - a.post_count || b.last_at - a.last_at || (a.trend_name < b.trend_name ? -1 : 1));
}

/** Personalized trends' `trending_since`: "Trending now" within the hour, else how long ago it began. */
export function trendingSince(firstAt: number, now: number): string {
  const hours = Math.floor((now - firstAt) / 3_600_000);
  if (hours < 1) return 'Trending now';
  return hours === 1 ? 'Trending since 1 hour ago' : `Trending since ${hours} hours ago`;
}
