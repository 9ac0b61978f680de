// The compliance streams (SPEC `streamPostsCompliance`, `streamUsersCompliance`,
// `streamLikesCompliance`, `streamLabelsCompliance`): one line per event as it happens in the store,
// `{"data": {<kind>: {…, "event_at"}}}` in the schema's shapes:
// - posts: `delete` per id a deletion removed (every version), `tweet_edit` for an edit, and
//   `withheld`/`drop`/`undrop` from the control API;
// - users: `user_protect`, `user_suspend`, `user_delete`, `user_withheld`, `scrub_geo` and their
//   reverses, from the control API;
// - likes: `delete` (`favorite`) for an unlike;
// - labels: `public_tweet_notice` / `public_tweet_unviewable`, from the control API.
// Tweets and users streams are partitioned (1..4) by the post's or user's id.
import { isoMillis } from '../../shared/clock.js';
import { cachedPosts } from '../posts/index.js';
import { partitionOf, type Conn, type Feed, type FeedBatch, type FeedLine, type StreamEvent } from '../stream/index.js';

type Obj = Record<string, unknown>;
/** One event's data items, each with the id that decides its partition. */
type Item = { key: string; data: Obj };

const at = (row: StreamEvent) => isoMillis(row.created_at);
const payloadOf = (row: StreamEvent) => JSON.parse(row.payload) as Obj;

function postItems(row: StreamEvent, p: Obj, edits: Map<string, { root: string; history: string[] }>): Item[] {
  const tweet = (id: string) => ({ id, author_id: String(p.author_id) });
  if (row.topic === 'post.delete')
    return ((p.ids as string[] | undefined) ?? [String(p.post_id)]).map((id) => ({
      key: id,
      data: { delete: { tweet: tweet(id), event_at: at(row) } },
    }));
  if (row.topic === 'post.edit') {
    const e = edits.get(String(p.post_id));
    if (!e) return [];
    const edit = { tweet: { id: p.post_id }, event_at: at(row), initial_tweet_id: e.root, edit_tweet_ids: e.history };
    return [{ key: String(p.post_id), data: { tweet_edit: edit } }];
  }
  if (row.topic !== 'compliance.post') return [];
  const id = String(p.post_id);
  const body: Obj = { tweet: tweet(id), event_at: at(row) };
  if (p.action === 'withhold') body.withheld_in_countries = p.countries;
  const kind = p.action === 'withhold' ? 'withheld' : String(p.action);
  return [{ key: id, data: { [kind]: body } }];
}

/** Edit chains of the batch's edits, read once per batch. */
async function editsOf(batch: FeedBatch) {
  let p = batch.memo.get('compliance.edits') as Promise<Map<string, { root: string; history: string[] }>> | undefined;
  if (!p) {
    const ids = batch.rows.filter((r) => r.topic === 'post.edit').map((r) => String(payloadOf(r).post_id));
    p = (async () => {
      const rows = ids.length ? await cachedPosts(batch.deps, ids) : [];
      return new Map(
        rows.map((r) => [r.id, { root: r.edit_root_id, history: JSON.parse(r.edit_history) as string[] }]),
      );
    })();
    batch.memo.set('compliance.edits', p);
  }
  return p;
}

const USER_KINDS: Record<string, string> = {
  protect: 'user_protect',
  unprotect: 'user_unprotect',
  suspend: 'user_suspend',
  unsuspend: 'user_unsuspend',
  deactivate: 'user_delete',
  reactivate: 'user_undelete',
  withhold: 'user_withheld',
  scrub_geo: 'scrub_geo',
};

function userItems(row: StreamEvent, p: Obj): Item[] {
  if (row.topic !== 'compliance.user') return [];
  const id = String(p.user_id);
  const body: Obj = { user: { id }, event_at: at(row) };
  if (p.action === 'withhold') body.withheld_in_countries = p.countries;
  if (p.action === 'scrub_geo') body.up_to_tweet_id = p.up_to_tweet_id;
  return [{ key: id, data: { [USER_KINDS[String(p.action)]!]: body } }];
}

function likeItems(row: StreamEvent, p: Obj): Item[] {
  if (row.topic !== 'like.delete') return [];
  const favorite = { id: String(p.post_id), user_id: String(p.user_id) };
  return [{ key: favorite.id, data: { delete: { favorite, event_at: at(row) } } }];
}

function labelItems(row: StreamEvent, p: Obj): Item[] {
  if (row.topic !== 'compliance.label') return [];
  const body: Obj = {
    tweet: { id: String(p.post_id), author_id: String(p.author_id) },
    event_at: at(row),
    application: p.application,
  };
  if (p.kind === 'unviewable') return [{ key: String(p.post_id), data: { public_tweet_unviewable: body } }];
  for (const k of ['event_type', 'details', 'label_title', 'extended_details_url'])
    if (p[k] !== undefined) body[k] = p[k];
  return [{ key: String(p.post_id), data: { public_tweet_notice: body } }];
}

type Items = (row: StreamEvent, p: Obj, batch: FeedBatch) => Promise<Item[]> | Item[];

function complianceFeed(endpoint: string, items: Items, partitions?: number): Feed {
  return {
    endpoint,
    async lines(batch: FeedBatch, conn: Conn): Promise<FeedLine[]> {
      const out: FeedLine[] = [];
      for (const row of batch.rows) {
        for (const item of await items(row, payloadOf(row), batch)) {
          if (partitions && partitionOf(item.key, partitions) !== conn.partition) continue;
          out.push({ row, line: JSON.stringify({ data: item.data }) + '\r\n' });
        }
      }
      return out;
    },
  };
}

const POST_TOPICS = new Set(['post.delete', 'post.edit', 'compliance.post']);

export const COMPLIANCE_FEEDS = {
  tweets: complianceFeed(
    'tweets_compliance_stream',
    async (row, p, batch) => (POST_TOPICS.has(row.topic) ? postItems(row, p, await editsOf(batch)) : []),
    4,
  ),
  users: complianceFeed('users_compliance_stream', userItems, 4),
  likes: complianceFeed('likes_compliance_stream', likeItems),
  labels: complianceFeed('tweet_label_stream', labelItems),
};
