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

/**
 * Media analytics (SPEC getMediaAnalytics, MediaMetrics) of a video or GIF, from each post carrying it:
 * every impression of the post autoplays it (video_views = playback_start = impressions), a like is a
 * tap to play (play_from_tap), and viewers drop off by half at each quarter (playback25 = 3/4 of starts,
 * playback50 = 1/2, playback75 = 1/4, playback_complete = 1/8); watch_time_ms is each of those
 * quarter-views watching a quarter of the duration. Photos do not play: all 0. CTA clicks are 0.
 */
export function mediaMetricIn(
  p: PostRow,
  media: { type: string; duration_ms: number | null },
  name: string,
  from: number,
  to: number,
  now: number,
): number {
  if (media.type === 'photo') return 0;
  const starts = totalsOf(p).impressions;
  const quarter = Math.floor((media.duration_ms ?? 0) / 4);
  const q25 = Math.floor((starts * 3) / 4);
  const q50 = Math.floor(starts / 2);
  const q75 = Math.floor(starts / 4);
  const done = Math.floor(starts / 8);
  const totals: Record<string, number> = {
    video_views: starts,
    playback_start: starts,
    play_from_tap: p.like_count,
    playback25: q25,
    playback50: q50,
    playback75: q75,
    playback_complete: done,
    watch_time_ms: quarter * (q25 + q50 + q75 + done),
  };
  const total = totals[name];
  return total === undefined ? 0 : earned(total, p.created_at, from, to, now);
}
