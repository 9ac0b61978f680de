// What each source event means for activity subscribers. A source event is an outbox row written by
// the cause in its own transaction (posts: post.create / post.edit / post.delete with
// {post_id, author_id}; the contract for the other topics is in docs/adr/0007-webhook-delivery-and-event-topics.md).
// Each becomes items — one per user the event concerns, with the direction seen from that user
// (outbound: the user acted; inbound: the user was acted upon) — carrying the payload of DOCS
// x-api/activity/event-payloads.mdx and, for Account Activity webhooks, the legacy event.
import type { Deps } from '../../deps.js';
import type { Selection } from '../../shared/selection.js';
import type { LegacyEvent } from '../account-activity/index.js';
import { lookupPosts } from '../hydrate/index.js';
import { cachedPosts, mentionedIds } from '../posts/index.js';
import { cachedUsers, userView, type UserRow } from '../users/index.js';
import type { Direction } from './activity.kinds.js';

// Wire objects already rendered by the posts and users views (v2 shapes), read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;
export type Item = {
  kind: string;
  userId: string | null;
  direction: Direction;
  text?: string;
  payload: unknown;
  includes?: Record<string, unknown>;
  legacy?: LegacyEvent;
};
export type Expansion = { items: Item[]; postId?: string };

export const USER_FIELDS = [
  'created_at',
  'description',
  'location',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'verified',
  'verified_type',
];
const SELECTION: Selection = {
  tweet: [
    'attachments',
    'author_id',
    'conversation_id',
    'created_at',
    'edit_controls',
    'entities',
    'in_reply_to_user_id',
    'lang',
    'possibly_sensitive',
    'public_metrics',
    'referenced_tweets',
    'reply_settings',
    'source',
  ],
  user: USER_FIELDS,
  media: [],
  poll: [],
  place: [],
  list: [],
  dm_event: [],
  expansions: [
    'author_id',
    'referenced_tweets.id',
    'referenced_tweets.id.author_id',
    'entities.mentions.username',
    'in_reply_to_user_id',
  ],
};

/** Activity payloads carry string twins of every count: `"like_count": 0, "like_count_str": "0"` (notes §1.2). */
export function withCountStrings<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(withCountStrings) as T;
  const out: Obj = {};
  // Rendered views are plain objects: `for…in` walks their own keys without an array of pairs a call.
  for (const k in v) {
    const x = (v as Obj)[k];
    out[k] = withCountStrings(x);
    if (typeof x === 'number' && k.endsWith('_count')) out[`${k}_str`] = String(x);
  }
  return out as T;
}

/**
 * The users an event names, rendered, through the row cache: in a step of the fan-out those it read
 * ahead for its batch (activity.dispatch.ts `readAhead`), where each event read its own, a statement
 * each (issue #23: follows, likes and deletions with an activity subscription).
 */
export async function usersById(deps: Deps, ids: (string | null | undefined)[]): Promise<Map<string, Obj>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  const rows: UserRow[] = wanted.length ? await cachedUsers(deps, wanted) : [];
  return new Map(rows.map((u) => [u.id, userView(u, USER_FIELDS)]));
}

/**
 * post.create / post.edit: the author's post.create, and the mention, reply, quote and repost kinds for the users it
 * touches.
 */
export async function postCreated(deps: Deps, postId: string): Promise<Expansion> {
  const env = await lookupPosts(deps, { userId: null, appId: '' }, [postId], SELECTION, true).catch(() => null);
  // The row lookupPosts just read, from the row cache (issue #23: not a second read of the post).
  const [row] = await cachedPosts(deps, [postId]);
  if (!env?.data || !row) return { items: [], postId };
  const post = withCountStrings(env.data as Obj);
  const includes = withCountStrings(env.includes ?? {}) as Obj;
  const users: Obj[] = includes.users ?? [];
  // protected posts are never delivered (DOCS)
  if (users.find((u) => u.id === row.author_id)?.protected) return { items: [], postId };
  // Each item's keys written out: a spread then new keys costs ~1 µs a key on Node 20
  // (delivery/deliveries.ts `attemptOf`).
  const items: Item[] = [
    {
      payload: post,
      includes,
      text: row.text,
      kind: 'post.create',
      userId: row.author_id,
      direction: 'outbound',
      legacy: { type: 'tweet_create', post, users },
    },
  ];
  const touched = new Map<string, string>();
  for (const id of mentionedIds(row)) touched.set(id, 'post.mention.create');
  if (row.reply_to_user_id) touched.set(row.reply_to_user_id, 'post.reply.create');
  const referenced: Obj[] = includes.tweets ?? [];
  const authorOf = (id: string | null) => referenced.find((t) => t.id === id)?.author_id as string | undefined;
  const quoted = authorOf(row.quote_of_id);
  if (quoted) touched.set(quoted, 'post.quote.create');
  const reposted = authorOf(row.repost_of_id);
  if (reposted) touched.set(reposted, 'post.repost.create');
  touched.delete(row.author_id);
  for (const [userId, kind] of touched) {
    items.push({
      payload: post,
      includes,
      text: row.text,
      kind,
      userId,
      direction: 'inbound',
      legacy: { type: 'tweet_create', post, users, mention: kind === 'post.mention.create' },
    });
  }
  return { items, postId };
}

export async function postDeleted(deps: Deps, p: Obj, at: number): Promise<Expansion> {
  const users = await usersById(deps, [p.author_id]);
  const author = users.get(p.author_id);
  // The DOCS sample wraps each included user as {"data": {…}}.
  const includes = author ? { users: [{ data: withCountStrings(author) }] } : {};
  return {
    items: [
      {
        kind: 'post.delete',
        userId: p.author_id,
        direction: 'outbound',
        payload: { id: p.post_id, author_id: p.author_id },
        includes,
        legacy: { type: 'tweet_delete', id: p.post_id, user_id: p.author_id, at },
      },
    ],
  };
}
