// The engagement model behind every insights/analytics answer (issue #21; SPEC getInsights28Hr,
// getInsightsHistorical, getPostsAnalytics). The store keeps only a post's current public metrics,
// so each count is modelled as accruing evenly over the post's first RAMP_HOURS on the service clock:
// the share of a total earned in [a, b) is floor(total * f(b)) - floor(total * f(a)), with
// f(t) = clamp((t - created_at) / RAMP, 0, 1) and t never past "now". Buckets therefore sum exactly
// to the window's total, a post earns nothing before it exists, and answers are deterministic.
// Impressions = stored impression_count + IMPRESSIONS_PER_ENGAGEMENT per engagement; engagements =
// likes + reposts + replies + quotes + bookmarks. Counts the store cannot know (clicks, app opens,
// follows…) are 0.
import type { PostRow } from '../posts/index.js';

const HOUR = 3_600_000;
export const RAMP_HOURS = 48;
export const IMPRESSIONS_PER_ENGAGEMENT = 25;

export type Totals = {
  impressions: number;
  engagements: number;
  likes: number;
  retweets: number;
  replies: number;
  quote_tweets: number;
  bookmarks: number;
};

export function totalsOf(p: PostRow): Totals {
  const engagements = p.like_count + p.retweet_count + p.reply_count + p.quote_count + p.bookmark_count;
  return {
    impressions: p.impression_count + IMPRESSIONS_PER_ENGAGEMENT * engagements,
    engagements,
    likes: p.like_count,
    retweets: p.retweet_count,
    replies: p.reply_count,
    quote_tweets: p.quote_count,
    bookmarks: p.bookmark_count,
  };
}

const shareAt = (createdAt: number, t: number, now: number) =>
  Math.min(1, Math.max(0, (Math.min(t, now) - createdAt) / (RAMP_HOURS * HOUR)));

/** The part of `total` earned in [from, to). */
export function earned(total: number, createdAt: number, from: number, to: number, now: number): number {
  return Math.floor(total * shareAt(createdAt, to, now)) - Math.floor(total * shareAt(createdAt, from, now));
}

/** One metric by name over [from, to); unknown names are the counts the store cannot know (0). */
export function metricIn(p: PostRow, name: string, from: number, to: number, now: number): number {
  const totals = totalsOf(p) as Record<string, number>;
  const total = totals[name];
  return total === undefined ? 0 : earned(total, p.created_at, from, to, now);
}

export const BUCKET_MS = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
export type Granularity = keyof typeof BUCKET_MS | 'total';

/** Bucket starts over [from, to), aligned on `from`; one bucket for 'total'. */
export function buckets(g: Granularity, from: number, to: number): [number, number][] {
  if (g === 'total') return [[from, to]];
  const out: [number, number][] = [];
  for (let t = from; t < to; t += BUCKET_MS[g]) out.push([t, Math.min(to, t + BUCKET_MS[g])]);
  return out;
}
