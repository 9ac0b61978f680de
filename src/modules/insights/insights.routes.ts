// v2 insights and post analytics (SPEC getInsights28Hr, getInsightsHistorical, getPostsAnalytics). Thin.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { callerUserId } from '../../http/caller.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { ids, list, names, oneOf, readQuery, required, time, withDefault, type Query } from '../../http/input.js';
import { insights, mediaAnalytics, postsAnalytics } from './insights.service.js';

const METRICS = [
  'AppInstallAttempts',
  'AppOpens',
  'DetailExpands',
  'EmailTweet',
  'Engagements',
  'Follows',
  'HashtagClicks',
  'Impressions',
  'Likes',
  'LinkClicks',
  'MediaEngagements',
  'MediaViews',
  'PermalinkClicks',
  'ProfileVisits',
  'QuoteTweets',
  'Replies',
  'Retweets',
  'UniqueVideoViews',
  'UrlClicks',
  'UserProfileClicks',
  'VideoCompletions',
  'VideoPlayed25Percent',
  'VideoPlayed50Percent',
  'VideoPlayed75Percent',
  'VideoStarts',
  'VideoViews',
] as const;
const INSIGHTS = {
  tweet_ids: required(ids({ max: 25 })),
  granularity: required(oneOf(['Daily', 'Hourly', 'Weekly', 'Total'])),
  requested_metrics: required(list(METRICS, { min: 1 })),
  'engagement.fields': list(F.EngagementFieldsParameter),
};
const WINDOW = { start_time: required(time()), end_time: required(time()) };
const ANALYTICS = {
  ids: required(ids({ max: 100 })),
  ...WINDOW,
  granularity: withDefault(oneOf(['hourly', 'daily', 'weekly', 'total']), 'total'),
  'analytics.fields': list(F.AnalyticsFieldsParameter),
};

const MEDIA_ANALYTICS = {
  media_keys: required(names(/^[0-9]+_[0-9]+$/, { max: 100 })),
  ...WINDOW,
  granularity: withDefault(oneOf(['hourly', 'daily', 'total']), 'daily'),
  'media_analytics.fields': list(F.MediaAnalyticsFieldsParameter),
};

export function insightsRoutes(app: FastifyInstance, deps: Deps) {
  const read = { config: { auth: userContext(['tweet.read']) } };
  app.get<{ Querystring: Query }>('/2/insights/28hr', read, async (req) => {
    const q = readQuery(req.query, INSIGHTS);
    return insights(deps, callerUserId(req), { ...q, fields: q['engagement.fields'] ?? [] });
  });
  app.get<{ Querystring: Query }>('/2/insights/historical', read, async (req) => {
    const q = readQuery(req.query, { ...INSIGHTS, ...WINDOW });
    const fields = q['engagement.fields'] ?? [];
    return insights(deps, callerUserId(req), { ...q, fields, start: q.start_time, end: q.end_time });
  });
  const analytics = { config: { auth: userContext(['tweet.read', 'users.read']) } };
  app.get<{ Querystring: Query }>('/2/tweets/analytics', analytics, async (req) => {
    const q = readQuery(req.query, ANALYTICS);
    return postsAnalytics(deps, callerUserId(req), {
      ids: q.ids,
      start: q.start_time,
      end: q.end_time,
      granularity: q.granularity,
      fields: q['analytics.fields'] ?? [],
    });
  });
  app.get<{ Querystring: Query }>('/2/media/analytics', read, async (req) => {
    const q = readQuery(req.query, MEDIA_ANALYTICS);
    return mediaAnalytics(deps, callerUserId(req), {
      media_keys: q.media_keys,
      start: q.start_time,
      end: q.end_time,
      granularity: q.granularity,
      fields: q['media_analytics.fields'] ?? [],
    });
  });
}
