// Source events other than posts: likes, follows, blocks, mutes, direct messages and their typing
// and read signals, profile updates, Spaces, and the control API's synthetic events. Payload shapes
// per DOCS x-api/activity/event-payloads.mdx (notes §6.2); legacy shapes per notes §7.
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { lookupPosts } from '../hydrate/index.js';
import type { Direction } from './activity.kinds.js';
import { usersById, withCountStrings, type Expansion, type Item } from './activity.sources.js';

// Wire objects already rendered by the posts and users views (v2 shapes), read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;
const wrap = (u: Obj | undefined) => (u ? { data: withCountStrings(u) } : null);
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(str).filter(Boolean) : []);

/** like.create {user_id, post_id}: the liker (outbound) and the liked post's author (inbound). */
export async function liked(deps: Deps, p: Obj, at: number): Promise<Expansion> {
  const userId = str(p.user_id ?? p.source_id);
  const postId = str(p.post_id ?? p.tweet_id ?? p.target_id);
  const env = await lookupPosts(
    deps,
    { userId: null, appId: '' },
    [postId],
    {
      tweet: ['author_id', 'created_at', 'public_metrics', 'text'],
      user: [],
      media: [],
      poll: [],
      place: [],
      list: [],
      dm_event: [],
      expansions: [],
    },
    true,
  ).catch(() => null);
  const post = env?.data as Obj | undefined;
  if (!post) return { items: [] };
  const users = await usersById(deps, [userId, post.author_id]);
  const payload = {
    id: randomBytes(16).toString('hex'),
    created_at: isoMillis(at),
    timestamp_ms: String(at),
    // DOCS names the author `liked_tweet_author_id`, SPEC LikeWithTweetAuthor `tweet_author_id`.
    liked_tweet_author_id: post.author_id,
    tweet_author_id: post.author_id,
    liked_tweet_id: postId,
  };
  const includes = { tweets: [withCountStrings(post)], users: [...users.values()].map(withCountStrings) };
  const legacy = {
    type: 'favorite' as const,
    id: payload.id,
    at,
    post,
    author: users.get(post.author_id),
    user: users.get(userId)!,
  };
  const items: Item[] = [{ kind: 'like.create', userId, direction: 'outbound', payload, includes, legacy }];
  if (post.author_id !== userId)
    items.push({ kind: 'like.create', userId: post.author_id, direction: 'inbound', payload, includes, legacy });
  return { items };
}

/**
 * follow.follow|unfollow, block.*, mute.* {source_id, target_id}: follows concern both ends; blocks and mutes only the
 * actor.
 */
export async function related(deps: Deps, topic: string, p: Obj, at: number): Promise<Expansion> {
  const sourceId = str(p.source_id ?? p.user_id);
  const targetId = str(p.target_id ?? p.target_user_id);
  const users = await usersById(deps, [sourceId, targetId]);
  const source = users.get(sourceId);
  const target = users.get(targetId);
  if (!source || !target) return { items: [] };
  const payload = { source: wrap(source), target: wrap(target) };
  const legacy = { type: topic.split('.')[1] as 'follow', at, source, target };
  const items: Item[] = [{ kind: topic, userId: sourceId, direction: 'outbound', payload, legacy }];
  if (topic.startsWith('follow.')) items.push({ kind: topic, userId: targetId, direction: 'inbound', payload, legacy });
  return { items };
}

function dmEvent(p: Obj, senderId: string, recipientId: string, at: number) {
  return {
    type: 'message_create',
    id: str(p.dm_event_id ?? p.id),
    created_timestamp: String(at),
    message_create: {
      target: { recipient_id: recipientId },
      sender_id: senderId,
      message_data: { text: str(p.text), entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] } },
    },
  };
}

/**
 * dm.sent {dm_event_id, conversation_id, sender_id, recipient_ids, text}: dm.sent for the sender, dm.received for each
 * recipient.
 */
export async function directMessage(deps: Deps, p: Obj, at: number): Promise<Expansion> {
  const senderId = str(p.sender_id);
  const recipients = list(p.recipient_ids ?? p.participant_ids).filter((id) => id !== senderId);
  const users = await usersById(deps, [senderId, ...recipients]);
  const usersObj = Object.fromEntries([...users].map(([id, u]) => [id, { data: withCountStrings(u) }]));
  const items: Item[] = [];
  for (const r of recipients) {
    const event = dmEvent(p, senderId, r, at);
    const payload = { direct_message_events: [event], users: usersObj };
    const legacy = { type: 'direct_message' as const, event, users: [...users.values()] };
    items.push({ kind: 'dm.sent', userId: senderId, direction: 'outbound', text: str(p.text), payload, legacy });
    items.push({ kind: 'dm.received', userId: r, direction: 'inbound', text: str(p.text), payload, legacy });
  }
  return { items };
}

/**
 * dm.indicate_typing / dm.read {sender_id, recipient_ids, conversation_id, last_read_event_id?}: the actor (outbound)
 * and the others (inbound).
 */
export async function dmSignal(
  deps: Deps,
  kind: 'dm.indicate_typing' | 'dm.read',
  p: Obj,
  at: number,
): Promise<Expansion> {
  const senderId = str(p.sender_id ?? p.user_id);
  const recipients = list(p.recipient_ids ?? p.participant_ids).filter((id) => id !== senderId);
  const users = await usersById(deps, [senderId, ...recipients]);
  const usersObj = Object.fromEntries([...users].map(([id, u]) => [id, { data: withCountStrings(u) }]));
  const items: Item[] = [];
  for (const r of recipients) {
    const base = {
      created_timestamp: String(at),
      sender_id: senderId,
      target: { recipient_id: r },
      conversation_id: str(p.conversation_id),
    };
    const payload =
      kind === 'dm.read'
        ? {
            direct_message_mark_read_events: [{ ...base, last_read_event_id: str(p.last_read_event_id) }],
            users: usersObj,
          }
        : { direct_message_indicate_typing_events: [base], users: usersObj };
    const legacy: Item['legacy'] =
      kind === 'dm.read'
        ? {
            type: 'read',
            at,
            sender_id: senderId,
            recipient_id: r,
            last_read_event_id: str(p.last_read_event_id),
            users: [...users.values()],
          }
        : { type: 'typing', at, sender_id: senderId, recipient_id: r, users: [...users.values()] };
    for (const [userId, direction] of [
      [senderId, 'outbound'],
      [r, 'inbound'],
    ] as [string, Direction][]) {
      if (items.some((i) => i.userId === userId && direction === 'outbound')) continue;
      items.push({ kind, userId, direction, payload, legacy });
    }
  }
  return { items };
}

/** profile.update {user_id, changes: [{kind, before, after}]}: one profile.update.* item per changed field. */
export function profileUpdated(p: Obj): Expansion {
  const changes: Obj[] = Array.isArray(p.changes) ? p.changes : [];
  return {
    items: changes.map((c) => ({
      kind: str(c.kind),
      userId: str(p.user_id),
      direction: 'outbound' as const,
      payload: { before: c.before, after: c.after },
    })),
  };
}

/** spaces.start|end {space_id, host_id, title?}: the host user, the broadcast id and the inner event type. */
export async function space(deps: Deps, kind: 'spaces.start' | 'spaces.end', p: Obj): Promise<Expansion> {
  const host = (await usersById(deps, [str(p.host_id)])).get(str(p.host_id));
  const payload = {
    broadcast_id: str(p.space_id),
    event_type: kind === 'spaces.start' ? 'start' : 'end',
    user: wrap(host),
    ...(p.title ? { title: p.title } : {}),
  };
  return { items: [{ kind, userId: str(p.host_id), direction: 'outbound', payload, text: str(p.title) }] };
}

/**
 * activity.synthetic {event_type, user_id?, direction?, payload, includes?, text?} from POST /_aviary/events, delivered
 * as given.
 */
export function synthetic(p: Obj): Expansion {
  return {
    items: [
      {
        kind: str(p.event_type),
        userId: p.user_id ? str(p.user_id) : null,
        direction: p.direction === 'inbound' ? 'inbound' : 'outbound',
        payload: p.payload ?? {},
        includes: p.includes,
        text: p.text ? str(p.text) : undefined,
      },
    ],
  };
}
