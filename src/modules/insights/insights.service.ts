// Insights and post analytics of the caller's own posts (SPEC getInsights28Hr, getInsightsHistorical,
// getPostsAnalytics), computed by insights.model.ts from the stored posts and the service clock.
// Posts of other authors are partial errors (not-authorized), unknown ones not-found, as lookups are.
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import { cachedPosts, type PostRow } from '../posts/index.js';
import { buckets, metricIn, type Granularity } from './insights.model.js';

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
