// Insights and post analytics of the caller's own posts (SPEC getInsights28Hr, getInsightsHistorical,
// getPostsAnalytics), computed by insights.model.ts from the stored posts and the service clock.
// Posts of other authors are partial errors (not-authorized), unknown ones not-found, as lookups are.
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import { mediaByKeys } from '../media/index.js';
import { cachedPosts, postsOfAuthor, type PostRow } from '../posts/index.js';
import { buckets, mediaMetricIn, metricIn, type Granularity } from './insights.model.js';

const HOUR = 3_600_000;

type Split = { own: PostRow[]; errors: ProblemBody[]; refused: string[] };

async function ownPosts(deps: Deps, userId: string, ids: readonly string[], parameter: string): Promise<Split> {
  const rows = new Map((await cachedPosts(deps, ids)).map((p) => [p.id, p]));
  const out: Split = { own: [], errors: [], refused: [] };
  for (const id of ids) {
    const p = rows.get(id);
    if (!p) {
      out.refused.push(id);
      out.errors.push(partialError(problems.resourceNotFound({ parameter, value: id, resource_type: 'tweet' })));
    } else if (p.author_id !== userId) {
      out.refused.push(id);
      out.errors.push(
        partialError(
          problems.notAuthorizedForResource({ parameter, value: id, resource_type: 'tweet', section: 'data' }),
        ),
      );
    } else out.own.push(p);
  }
  return out;
}

function windowOf(start: number, end: number, parameter = 'end_time'): void {
  if (end <= start) throw problems.invalidParam(parameter, isoMillis(end), 'end_time must be after start_time');
}

/** Metric names of the insights API (CamelCase) to the model's names. */
const INSIGHT_NAMES: Record<string, string> = {
  Impressions: 'impressions',
  Engagements: 'engagements',
  Likes: 'likes',
  Retweets: 'retweets',
  Replies: 'replies',
  QuoteTweets: 'quote_tweets',
};

/** GET /2/insights/28hr and /2/insights/historical: Engagement objects (SPEC Get2Insights28hrResponse). */
export async function insights(
  deps: Deps,
  userId: string,
  q: {
    tweet_ids: string[];
    granularity: 'Daily' | 'Hourly' | 'Weekly' | 'Total';
    requested_metrics: string[];
    fields: readonly string[];
    start?: number;
    end?: number;
  },
) {
  const now = deps.clock.now();
  const end = q.end ?? now;
  const start = q.start ?? now - 28 * HOUR;
  windowOf(start, end);
  const split = await ownPosts(deps, userId, q.tweet_ids, 'tweet_ids');
  const values = (p: PostRow, from: number, to: number) =>
    q.requested_metrics.map((m) => ({
      metric_type: m,
      metric_value: metricIn(p, INSIGHT_NAMES[m] ?? m, from, to, now),
    }));
  const g = q.granularity.toLowerCase() as Granularity;
  const engagement: Record<string, unknown> = {};
  const fields = q.fields.length ? q.fields : ['measurement'];
  if (fields.includes('measurement') && split.own.length) {
    engagement.measurement = {
      metrics_total: split.own.map((p) => ({ tweet_id: p.id, value: values(p, start, end) })),
      // One entry per post and bucket: the document's `value` is a single object.
      metrics_time_series: split.own.flatMap((p) =>
        buckets(g, start, end).map(([a, b]) => ({
          tweet_id: p.id,
          value: { metric_values: values(p, a, b), timestamp: { iso8601_time: isoMillis(a) } },
        })),
      ),
    };
  }
  if (fields.includes('errors') && split.refused.length)
    engagement.errors = [{ error: 'Tweets not owned by the user or not found', tweets: split.refused }];
  return {
    ...(Object.keys(engagement).length ? { data: [engagement] } : {}),
    ...(split.errors.length ? { errors: split.errors } : {}),
  };
}

/** GET /2/tweets/analytics (SPEC getPostsAnalytics, schema Analytics). */
export async function postsAnalytics(
  deps: Deps,
  userId: string,
  q: { ids: string[]; start: number; end: number; granularity: Granularity; fields: readonly string[] },
) {
  windowOf(q.start, q.end);
  const now = deps.clock.now();
  const split = await ownPosts(deps, userId, q.ids, 'ids');
  const metricNames = q.fields.filter((f) => f !== 'id' && f !== 'timestamp');
  const data = split.own.map((p) => ({
    id: p.id,
    timestamped_metrics: buckets(q.granularity, q.start, q.end).map(([a, b]) => ({
      timestamp: isoMillis(a),
      metrics: Object.fromEntries(metricNames.map((m) => [m, metricIn(p, m, a, b, now)])),
    })),
  }));
  return {
    ...(data.length ? { data } : {}),
    ...(split.errors.length ? { errors: split.errors } : {}),
  };
}

/** How many of the owner's newest posts are scanned for the media they carry (bounds the work). */
const MEDIA_SCAN = 3_200;

async function postsCarrying(deps: Deps, ownerId: string, keys: Set<string>): Promise<Map<string, PostRow[]>> {
  const out = new Map<string, PostRow[]>([...keys].map((k) => [k, []]));
  let afterId: string | undefined;
  for (let seen = 0; seen < MEDIA_SCAN;) {
    const page = await postsOfAuthor(deps, ownerId, { limit: 200, afterId });
    for (const p of page) {
      for (const k of p.media_keys ? (JSON.parse(p.media_keys) as string[]) : []) out.get(k)?.push(p);
    }
    seen += page.length;
    if (page.length < 200) break;
    afterId = page[page.length - 1]!.id;
  }
  return out;
}

/** GET /2/media/analytics (SPEC getMediaAnalytics, schema MediaAnalytics): the caller's own media. */
export async function mediaAnalytics(
  deps: Deps,
  userId: string,
  q: { media_keys: string[]; start: number; end: number; granularity: Granularity; fields: readonly string[] },
) {
  windowOf(q.start, q.end);
  const now = deps.clock.now();
  const rows = new Map((await mediaByKeys(deps, q.media_keys)).map((m) => [m.media_key, m]));
  const errors: ProblemBody[] = [];
  const own = [];
  for (const key of q.media_keys) {
    const m = rows.get(key);
    const value = { parameter: 'media_keys', value: key, resource_type: 'media' as const };
    if (!m) errors.push(partialError(problems.resourceNotFound(value)));
    else if (m.owner_id !== userId)
      errors.push(partialError(problems.notAuthorizedForResource({ ...value, section: 'data' })));
    else own.push(m);
  }
  const carrying = own.length ? await postsCarrying(deps, userId, new Set(own.map((m) => m.media_key))) : new Map();
  const names = q.fields.filter((f) => f !== 'media_key' && f !== 'timestamp');
  const data = own.map((m) => ({
    media_key: m.media_key,
    timestamped_metrics: buckets(q.granularity, q.start, q.end).map(([a, b]) => ({
      timestamp: isoMillis(a),
      metrics: Object.fromEntries(
        names.map((n) => [
          n,
          (carrying.get(m.media_key) as PostRow[]).reduce((sum, p) => sum + mediaMetricIn(p, m, n, a, b, now), 0),
        ]),
      ),
    })),
  }));
  return { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) };
}
