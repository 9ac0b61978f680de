// The sample, firehose and likes streams (SPEC tags Stream, Likes), each with the query its operation
// declares: the 1 % sample takes only `backfill_minutes`; the others also `partition` (required, up
// to the endpoint's count) and `start_time`/`end_time`.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { int, list, required, time } from '../../http/input.js';
import { TWEET_SELECTION } from '../../http/v2-query.js';
import { likesFeed } from './stream.likes.js';
import { POST_FEEDS } from './stream.posts.js';
import { BACKFILL, streamEndpoint } from './stream.routes.js';
import type { Feed } from './stream.hub.js';

const partition = (max: number) => ({ partition: required(int({ min: 1, max })) });
/** SPEC order: backfill_minutes, partition, start_time, end_time. */
const window = (max: number) => ({ ...BACKFILL, ...partition(max), start_time: time(), end_time: time() });

const LIKE_SELECTION = {
  'like_with_tweet_author.fields': list(F.LikeWithTweetAuthorFieldsParameter),
  expansions: list(F.LikeWithTweetAuthorExpansionsParameter),
  'media.fields': list(F.MediaFieldsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'tweet.fields': list(F.TweetFieldsParameter),
};

const withPartition = (feed: Feed) => (q: { partition: number }) => ({ feed, partition: q.partition });

export function feedsRoutes(app: FastifyInstance, deps: Deps) {
  streamEndpoint(app, deps, {
    path: '/2/tweets/sample/stream',
    query: { ...BACKFILL, ...TWEET_SELECTION },
    target: () => ({ feed: POST_FEEDS.sample, partition: null }),
  });
  streamEndpoint(app, deps, {
    path: '/2/tweets/sample10/stream',
    query: { ...window(2), ...TWEET_SELECTION },
    target: withPartition(POST_FEEDS.sample10),
  });
  streamEndpoint(app, deps, {
    path: '/2/tweets/firehose/stream',
    query: { ...window(20), ...TWEET_SELECTION },
    target: withPartition(POST_FEEDS.firehose),
  });
  for (const lang of ['en', 'ja', 'ko', 'pt'] as const) {
    streamEndpoint(app, deps, {
      path: `/2/tweets/firehose/stream/lang/${lang}`,
      query: { ...window(8), ...TWEET_SELECTION },
      target: withPartition(POST_FEEDS[lang]),
    });
  }
  const likes = (path: string, endpoint: string, partitions: number, sample?: number) =>
    streamEndpoint(app, deps, {
      path,
      query: { ...window(partitions), ...LIKE_SELECTION },
      target: (q) => ({
        feed: likesFeed({ endpoint, sample, partitions, fields: q['like_with_tweet_author.fields'] }),
        partition: q.partition,
      }),
    });
  likes('/2/likes/firehose/stream', 'likes_firehose_stream', 20);
  likes('/2/likes/sample10/stream', 'likes_sample10_stream', 2, 10);
}
