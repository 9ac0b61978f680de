// Domain → wire shape of the v2 Post (Tweet) and Poll objects. Defaults: `id`, `text` and
// `edit_history_tweet_ids` (notes §1.2); every other field only when asked for.
import { isoMillis } from '../../shared/clock.js';
import { idTime } from '../../shared/ids.js';
import { markStable } from '../../shared/json.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { PollRow, PostRow } from './posts.repo.js';

/** Edits are allowed for one hour after the first version (seed Limits). */
export const EDIT_WINDOW_MS = 60 * 60 * 1000;

const json = <T>(s: string | null): T | undefined => (s ? (JSON.parse(s) as T) : undefined);

/** A row's JSON columns parsed. Read-only to every caller: one object serves them all. */
type Columns = { entities?: unknown; context?: unknown; media?: string[] };
const columnsByRow = new WeakMap<PostRow, Columns>();
/**
 * A row's JSON columns, parsed once per row object (rows are cached): shared by its renders and the
 * engine's view of it (posts.match.ts), so a new post's columns are parsed once for its renders and
 * its matches (the search indexer's and the streams').
 */
export function jsonColumns(p: PostRow): Columns {
  let x = columnsByRow.get(p);
  if (!x) {
    x = { entities: json(p.entities), context: json(p.context_annotations), media: json(p.media_keys) };
    columnsByRow.set(p, x);
  }
  return x;
}

/** The edit history parsed and the time formatted, computed once per row object (its renders). */
type Parsed = { history: string[]; created: string };
const parsedRows = new WeakMap<PostRow, Parsed>();
function parsed(p: PostRow): Parsed {
  let x = parsedRows.get(p);
  if (!x) {
    x = { history: JSON.parse(p.edit_history), created: isoMillis(p.created_at) };
    parsedRows.set(p, x);
  }
  return x;
}

export function referencedTweets(
  p: PostRow,
): { type: 'retweeted' | 'quoted' | 'replied_to'; id: string }[] | undefined {
  const refs: { type: 'retweeted' | 'quoted' | 'replied_to'; id: string }[] = [];
  if (p.repost_of_id) refs.push({ type: 'retweeted', id: p.repost_of_id });
  if (p.quote_of_id) refs.push({ type: 'quoted', id: p.quote_of_id });
  if (p.reply_to_id) refs.push({ type: 'replied_to', id: p.reply_to_id });
  return refs.length ? refs : undefined;
}

/** The first version's creation time: a snowflake root carries it; a legacy root is its own row. */
export function editableUntil(p: PostRow): number {
  return (p.edit_root_id === p.id ? p.created_at : idTime(p.edit_root_id)) + EDIT_WINDOW_MS;
}

const RENDER: Renderers<PostRow> = {
  attachments: (p) => {
    const media_keys = jsonColumns(p).media;
    if (!media_keys && !p.poll_id) return undefined;
    return { ...(media_keys ? { media_keys } : {}), ...(p.poll_id ? { poll_ids: [p.poll_id] } : {}) };
  },
  author_id: (p) => p.author_id,
  community_id: (p) => p.community_id ?? undefined,
  context_annotations: (p) => jsonColumns(p).context,
  conversation_id: (p) => p.conversation_id,
  created_at: (p) => parsed(p).created,
  display_text_range: (p) => [0, p.display_end],
  edit_controls: (p) => ({
    is_edit_eligible: !p.repost_of_id && !p.poll_id,
    editable_until: isoMillis(editableUntil(p)),
    edits_remaining: p.edits_remaining,
  }),
  entities: (p) => jsonColumns(p).entities,
  geo: (p) => {
    if (!p.place_id && !p.coordinates) return undefined;
    const coordinates = json<[number, number]>(p.coordinates);
    return {
      ...(p.place_id ? { place_id: p.place_id } : {}),
      ...(coordinates ? { coordinates: { type: 'Point', coordinates } } : {}),
    };
  },
  in_reply_to_user_id: (p) => p.reply_to_user_id ?? undefined,
  lang: (p) => p.lang,
  paid_partnership: (p) => p.paid_partnership === 1,
  possibly_sensitive: (p) => p.possibly_sensitive === 1,
  public_metrics: (p) => ({
    retweet_count: p.retweet_count,
    reply_count: p.reply_count,
    like_count: p.like_count,
    quote_count: p.quote_count,
    bookmark_count: p.bookmark_count,
    impression_count: p.impression_count,
  }),
  referenced_tweets: referencedTweets,
  reply_settings: (p) => p.reply_settings,
  source: (p) => p.source,
};

/** Fields only the author may read (with user context): the rest of the world gets them omitted. */
const OWNER_ONLY: Renderers<PostRow> = {
  non_public_metrics: (p) => ({ impression_count: p.impression_count }),
  organic_metrics: (p) => ({
    impression_count: p.impression_count,
    like_count: p.like_count,
    reply_count: p.reply_count,
    retweet_count: p.retweet_count,
  }),
};

const OWN_RENDER: Renderers<PostRow> = { ...RENDER, ...OWNER_ONLY };

const views = new WeakMap<PostRow, Map<string, Record<string, unknown>>>();

/**
 * The wire object of a post for these fields. Objects of the same row and fields are shared across
 * responses (rows are cached until their version moves), so callers never mutate them.
 */
export function tweetView(
  p: PostRow,
  fields: readonly string[],
  viewerId: string | null = null,
): Record<string, unknown> {
  const key = viewerId === p.author_id ? `${fields.join(',')}|own` : fields.join(',');
  let byFields = views.get(p);
  if (!byFields) views.set(p, (byFields = new Map()));
  let out = byFields.get(key);
  if (!out) byFields.set(key, (out = markStable(renderTweet(p, fields, viewerId))));
  return out;
}

function renderTweet(p: PostRow, fields: readonly string[], viewerId: string | null): Record<string, unknown> {
  const out = { id: p.id, text: p.text, edit_history_tweet_ids: parsed(p).history };
  return pick(viewerId === p.author_id ? OWN_RENDER : RENDER, p, fields, out);
}

/** Poll fields; `now` (service time) decides the voting status. */
const POLL_RENDER: Renderers<PollRow, number> = {
  duration_minutes: (p) => p.duration_minutes,
  end_datetime: (p) => isoMillis(p.end_at),
  voting_status: (p, now) => (now < p.end_at ? 'open' : 'closed'),
};

export function pollView(p: PollRow, fields: readonly string[], now: number): Record<string, unknown> {
  return pick(POLL_RENDER, p, fields, { id: p.id, options: JSON.parse(p.options) }, now);
}
