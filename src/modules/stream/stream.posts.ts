// The unfiltered post streams: the 1 % sample, the 10 % sample, the firehose and the firehose of one
// language (SPEC `streamPostsSample`, `…Sample10`, `…Firehose`, `…FirehoseEn/Ja/Ko/Pt`). Each takes
// the posts the tail reads (`post.create`, `post.edit`: an edit is a new post), keeps those of its
// sample, language and partition, and renders them as the filtered stream does, without
// `matching_rules` (DOCS stream-sampled-posts: `{"data":…,"includes":…}`). Public posts only: the
// render drops protected authors' posts.
import { toMatchPosts } from '../posts/index.js';
import type { Conn, Feed, FeedBatch, FeedLine } from './stream.hub.js';
import { renderBatch, type RenderCache } from './stream.render.js';
import { POST_TOPICS, postIdOf, type PostEvent } from './stream.repo.js';
import { inSample, partitionOf } from './stream.sample.js';

export type PostFeedSpec = {
  endpoint: string;
  /** 1 or 10 for a sample; absent for the firehose. */
  sample?: number;
  /** Only posts detected in this language (`lang`). */
  lang?: string;
  /** How many partitions the endpoint has (SPEC `partition` maximum); absent: none. */
  partitions?: number;
};

const isPost = (row: PostEvent) => (POST_TOPICS as readonly string[]).includes(row.topic);

function memo<T>(batch: FeedBatch, key: string, fn: () => Promise<T>): Promise<T> {
  let p = batch.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    batch.memo.set(key, (p = fn()));
    p.catch(() => undefined); // awaited by the caller; never an unhandled rejection
  }
  return p;
}

/** The batch's post events with their post's id, read once for every connection. */
const postRowsOf = (batch: FeedBatch) =>
  memo(batch, 'posts.rows', async () => batch.rows.filter(isPost).map((row) => ({ row, postId: postIdOf(row) })));

/** The batch's posts with their language (only needed by the language streams). */
const langsOf = (batch: FeedBatch, ids: string[]) =>
  memo(batch, 'posts.langs', async () => {
    const posts = await toMatchPosts(batch.deps, ids);
    return new Map([...posts].map(([id, p]) => [id, p.lang]));
  });

export function postFeed(spec: PostFeedSpec): Feed {
  return {
    endpoint: spec.endpoint,
    async lines(batch: FeedBatch, conn: Conn): Promise<FeedLine[]> {
      const rows = await postRowsOf(batch);
      let taken = rows.filter(
        ({ postId }) =>
          (spec.sample === undefined || inSample(postId, spec.sample)) &&
          (!spec.partitions || partitionOf(postId, spec.partitions) === conn.partition),
      );
      if (spec.lang && taken.length) {
        const langs = await langsOf(
          batch,
          rows.map((r) => r.postId),
        );
        taken = taken.filter(({ postId }) => langs.get(postId) === spec.lang);
      }
      if (!taken.length) return [];
      // Connections of one endpoint and partition with the same fields share one render.
      const renders = memo(batch, 'posts.renders', async () => new Map() as RenderCache);
      const key = `${spec.endpoint}|${conn.partition ?? ''}|${conn.selKey}`;
      const ids = taken.map((t) => t.postId);
      const bodies = await renderBatch(batch.deps, await renders, conn.appId, ids, conn.sel, key);
      return taken.flatMap(({ row, postId }) => {
        const body = bodies.get(postId);
        return body ? [{ row, line: `${body}\r\n` }] : [];
      });
    },
  };
}

/** The post streams other than the filtered one, by connection-history endpoint name. */
export const POST_FEEDS = {
  sample: postFeed({ endpoint: 'sample_stream', sample: 1 }),
  sample10: postFeed({ endpoint: 'sample10_stream', sample: 10, partitions: 2 }),
  firehose: postFeed({ endpoint: 'firehose_stream', partitions: 20 }),
  en: postFeed({ endpoint: 'firehose_stream_lang_en', lang: 'en', partitions: 8 }),
  ja: postFeed({ endpoint: 'firehose_stream_lang_ja', lang: 'ja', partitions: 8 }),
  ko: postFeed({ endpoint: 'firehose_stream_lang_ko', lang: 'ko', partitions: 8 }),
  pt: postFeed({ endpoint: 'firehose_stream_lang_pt', lang: 'pt', partitions: 8 }),
};
