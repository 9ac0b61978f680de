// The likes streams (SPEC `streamLikesFirehose`, `streamLikesSample10`): one line per like as it
// happens (`like.create`), `{"data": LikeWithTweetAuthor, "includes"?}`. Public likes only: a like of
// a post nobody may see (a protected author's) is not streamed. Partitioned and sampled by the
// like event's id (stream.sample.ts).
import { createHash } from 'node:crypto';
import { isoMillis } from '../../shared/clock.js';
import { EMPTY_SELECTION, type Selection } from '../../shared/selection.js';
import { lookupPosts } from '../hydrate/index.js';
import { cachedPosts, type PostRow } from '../posts/index.js';
import type { Conn, Feed, FeedBatch, FeedLine } from './stream.hub.js';
import type { PostEvent } from './stream.repo.js';
import { inSample, partitionOf } from './stream.sample.js';

type LikePayload = { user_id: string; post_id: string };
type LikeField =
  'attachments_media_keys' | 'created_at' | 'id' | 'liked_tweet_author_id' | 'liked_tweet_id' | 'timestamp_ms';

// ASSUMED: without `like_with_tweet_author.fields` a like shows what the doc's example shows (SPEC
// `LikeWithTweetAuthor`: id, created_at, liked_tweet_id, timestamp_ms, tweet_author_id).
const DEFAULT_FIELDS: readonly LikeField[] = [
  'id',
  'created_at',
  'liked_tweet_id',
  'timestamp_ms',
  'liked_tweet_author_id',
];
const NOBODY = (appId: string) => ({ userId: null, appId });

/** A like's id: the schema's 32-hex-digit form (SPEC `LikeId` example), stable for the event. */
export const likeIdOf = (eventId: string) => createHash('sha1').update(`like:${eventId}`).digest('hex').slice(0, 32);

/**
 * One like as the schema shows it. The fields parameter names the author `liked_tweet_author_id` but
 * the schema's property is `tweet_author_id`: the property is what clients read. `timestamp_ms` is
 * epoch milliseconds although SPEC says int32 (it cannot hold one).
 */
export function likeView(row: PostEvent, like: LikePayload, post: PostRow, fields: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f === 'id') out.id = likeIdOf(row.id);
    else if (f === 'created_at') out.created_at = isoMillis(row.created_at);
    else if (f === 'liked_tweet_id') out.liked_tweet_id = like.post_id;
    else if (f === 'timestamp_ms') out.timestamp_ms = row.created_at;
    else if (f === 'liked_tweet_author_id') out.tweet_author_id = post.author_id;
    else if (f === 'attachments_media_keys' && post.media_keys)
      out.attachments_media_keys = JSON.parse(post.media_keys);
  }
  return out;
}

/** `includes` of a like: the liked post, its author, its media, as the expansions ask. */
async function includesOf(batch: FeedBatch, conn: Conn, post: PostRow) {
  const exp = conn.sel.expansions;
  if (!exp.length) return null;
  const sel: Selection = {
    ...conn.sel,
    expansions: [
      ...(exp.includes('liked_tweet_author_id') ? ['author_id'] : []),
      ...(exp.includes('attachments.media_keys') ? ['attachments.media_keys'] : []),
    ],
  };
  const env = await lookupPosts(batch.deps, NOBODY(conn.appId), [post.id], sel, true);
  const includes: Record<string, unknown[]> = {};
  if (exp.includes('liked_tweet_id') && env.data) includes.tweets = [env.data];
  if (env.includes?.users) includes.users = env.includes.users;
  if (env.includes?.media) includes.media = env.includes.media;
  return Object.keys(includes).length ? includes : null;
}

export function likesFeed(spec: {
  endpoint: string;
  sample?: number;
  partitions: number;
  fields?: readonly string[];
}): Feed {
  return {
    endpoint: spec.endpoint,
    async lines(batch: FeedBatch, conn: Conn): Promise<FeedLine[]> {
      const likes = batch.rows
        .filter((r) => r.topic === 'like.create')
        .filter((r) => spec.sample === undefined || inSample(r.id, spec.sample))
        .filter((r) => partitionOf(r.id, spec.partitions) === conn.partition)
        .map((row) => ({ row, like: JSON.parse(row.payload) as LikePayload }));
      if (!likes.length) return [];
      const ids = [...new Set(likes.map((l) => l.like.post_id))];
      const [rows, visible] = await Promise.all([
        cachedPosts(batch.deps, ids),
        lookupPosts(batch.deps, NOBODY(conn.appId), ids, EMPTY_SELECTION),
      ]);
      const posts = new Map(rows.map((p) => [p.id, p]));
      const shown = new Set(((visible.data ?? []) as { id: string }[]).map((d) => d.id));
      const out: FeedLine[] = [];
      for (const { row, like } of likes) {
        const post = posts.get(like.post_id);
        if (!post || !shown.has(post.id)) continue;
        const data = likeView(row, like, post, spec.fields ?? DEFAULT_FIELDS);
        const includes = await includesOf(batch, conn, post);
        out.push({ row, line: JSON.stringify(includes ? { data, includes } : { data }) + '\r\n' });
      }
      return out;
    },
  };
}
