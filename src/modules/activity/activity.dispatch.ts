// The fan-out: claims source events from the outbox, works out every receiver — X Activity API
// subscriptions (their webhook and the app's activity stream), Account Activity subscriptions,
// filtered-stream links — and writes one delivery row per (event, webhook) plus the stream's event
// rows in one transaction that also settles the source rows. A crash before the commit leaves the
// source rows to be claimed again once their lock lapses: at-least-once.
import { hash, randomUUID } from 'node:crypto';
import { claimTopics, createPump, deliveryRepo } from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import { oneMoment } from '../../shared/row-cache.js';
import type { OutboxRow } from '../../store/outbox.js';
import { onOutbox } from '../../store/signals.js';
import {
  anySubscriber,
  ANY_SUBSCRIBER_SQL,
  legacyBody,
  legacyJson,
  subscribersOf,
  type AaaRow,
} from '../account-activity/index.js';
import { cachedPosts, mentionedIds } from '../posts/index.js';
import { cachedUsers } from '../users/index.js';
import { allLinks, ANY_LINK_SQL, outgoingDeliveries, type LinkRow, type NewDelivery } from '../webhooks/index.js';
import { directionMatches, namesOf } from './activity.kinds.js';
import { activityRepo, type EventRow, type SubscriptionRow } from './activity.repo.js';
import { chatEvent } from './activity.chat.js';
import { directMessage, dmSignal, liked, profileUpdated, related, space, synthetic } from './activity.social.js';
import { postCreated, postDeleted, type Expansion, type Item } from './activity.sources.js';
import { listenForEvents, publishEvents } from './activity.stream.js';
import { streamDeliveries } from './activity.links.js';
import { envelope } from './activity.view.js';
import { flatten } from '../../shared/arrays.js';

export const SOURCE_TOPICS = [
  'post.create',
  'post.edit',
  'post.delete',
  'like.create',
  'follow.follow',
  'follow.unfollow',
  'block.block',
  'block.unblock',
  'mute.mute',
  'mute.unmute',
  'dm.sent',
  'dm.indicate_typing',
  'dm.read',
  'profile.update',
  'spaces.start',
  'spaces.end',
  'activity.synthetic',
  'chat.sent',
  'chat.conversation_join',
];
const CLAIM = 500;
const LOCK_MS = 10_000;
const RETRIES = [1_000, 5_000, 30_000, 120_000];
/**
 * Writers wake the fan-out: in this process directly, on every node through the outbox signal
 * (migration 0033). The poll is only the safety net (a lock lapsed by a dead node, a retry come due,
 * a signal lost while the listening connection was down): ADR 0023.
 */
const SAFETY_POLL_MS = 2_000;
/**
 * While batches come in big (LINGER_FROM source rows or more), a wake waits LINGER_MS for more: a
 * write burst is fanned out in fewer, fuller batches (each costs a dozen statements however small;
 * issue #23, bench:writes with a webhook: 575 → 541–560 µs a post, no gain past 10 ms). A trickle
 * is fanned out at once: lingering always added 8 ms to bench:webhooks' steady p50 (13 → 21 ms).
 */
const LINGER_MS = 10;
const LINGER_FROM = 8;

async function expand(deps: Deps, row: OutboxRow): Promise<Expansion> {
  const p = JSON.parse(row.payload) as Record<string, unknown>;
  const at = row.created_at;
  switch (row.topic) {
    case 'post.create':
    case 'post.edit':
      return postCreated(deps, String(p.post_id));
    case 'post.delete':
      return postDeleted(deps, p, at);
    case 'like.create':
      return liked(deps, p, at);
    case 'dm.sent':
      return directMessage(deps, p, at);
    case 'dm.indicate_typing':
    case 'dm.read':
      return dmSignal(deps, row.topic, p, at);
    case 'profile.update':
      return profileUpdated(p);
    case 'spaces.start':
    case 'spaces.end':
      return space(deps, row.topic, p);
    case 'activity.synthetic':
      return synthetic(p);
    case 'chat.sent':
    case 'chat.conversation_join':
      return chatEvent(row.topic, p);
    default:
      return related(deps, row.topic, p, at);
  }
}

/**
 * A source event's expansion when nobody subscribes to any activity: no items (they would reach no
 * one), only the post that linked webhooks may still receive. Rendering a post for its items costs
 * more than the rest of its fan-out (issue #23), and most servers have no activity subscription.
 */
function withoutItems(row: OutboxRow): Expansion {
  const postId = postIdOf(row);
  return postId === null ? { items: [] } : { items: [], postId };
}

/** The post a post.create / post.edit event is about; null for other topics. */
function postIdOf(row: OutboxRow): string | null {
  if (row.topic !== 'post.create' && row.topic !== 'post.edit') return null;
  return String((JSON.parse(row.payload) as Record<string, unknown>).post_id);
}

/** Whether any X Activity or Account Activity subscription exists. */
async function anyAudience(deps: Deps): Promise<boolean> {
  return (await activityRepo.any(deps.db)) || (await anySubscriber(deps));
}

/**
 * What no one listening looks like, in SQL: no activity or Account Activity subscription and no
 * webhook linked to a filtered stream (the step's `!audience && !links.length`). Source rows written
 * while it holds are written settled (delivery/index.ts `enqueueSource`).
 */
const UNHEARD = [activityRepo.ANY_SQL, ANY_SUBSCRIBER_SQL, ANY_LINK_SQL].map((q) => `NOT EXISTS (${q})`).join(' AND ');

type Batch = { events: EventRow[]; deliveries: NewDelivery[] };

/**
 * A stable event_uuid per (source event, item): a source row fanned out again after a crash yields
 * the same ids, so receivers can dedupe by them (notes §2.2). Signed 64-bit, as the real ones
 * (which may be negative) are.
 */
export function eventUuid(sourceId: string, index: number): string {
  // The one-shot hash: no Hash object a call (~2.6 against ~4.2 µs, issue #23).
  return hash('sha256', `${sourceId}:${index}`, 'buffer').readBigInt64BE(0).toString();
}

function matches(s: SubscriptionRow, item: Item): boolean {
  if (!directionMatches(s.direction, item.direction)) return false;
  return s.keyword === null || (item.text ?? '').toLowerCase().includes(s.keyword.toLowerCase());
}

/** Who the items of a claimed batch can reach: X Activity API subscriptions and Account Activity subscribers. */
type Audiences = {
  activity(kind: string, userId: string | null): SubscriptionRow[];
  legacy: Map<string, AaaRow[]>;
};

/**
 * Every subscription the batch's items can reach, read for the batch at once: three statements
 * where a read per item and per post was most of the fan-out's statements (issue #23).
 */
async function audiencesOf(deps: Deps, items: Item[]): Promise<Audiences> {
  const names = { user: new Set<string>(), keyword: new Set<string>() };
  const users = new Set<string>();
  for (const item of items) {
    for (const n of namesOf(item.kind)) (item.userId === null ? names.keyword : names.user).add(n);
    if (item.userId !== null) users.add(item.userId);
  }
  const rows = [
    ...(users.size ? await activityRepo.matchingUsers(deps.db, [...names.user], [...users]) : []),
    ...(names.keyword.size ? await activityRepo.matching(deps.db, [...names.keyword], null) : []),
  ];
  const byUser = new Map<string | null, SubscriptionRow[]>();
  for (const r of rows) {
    const list = byUser.get(r.user_id);
    if (list) list.push(r);
    else byUser.set(r.user_id, [r]);
  }
  const withLegacy = items.filter((i) => i.legacy && i.userId).map((i) => i.userId!);
  return {
    activity: (kind, userId) => {
      const wanted = namesOf(kind);
      return (byUser.get(userId) ?? []).filter((s) => wanted.includes(s.event_type));
    },
    legacy: await subscribersOf(deps, withLegacy),
  };
}

/** X Activity API subscribers of the items: an event row for the app's stream, a delivery for its webhook. */
function activityTargets(deps: Deps, row: OutboxRow, items: Item[], out: Batch, audiences: Audiences) {
  const now = deps.clock.now();
  for (const [index, item] of items.entries()) {
    const subs = audiences.activity(item.kind, item.userId).filter((s) => matches(s, item));
    if (!subs.length) continue;
    const uuid = eventUuid(row.id, index);
    for (const s of subs) {
      const body = JSON.stringify(envelope(s, uuid, item.payload, item.includes));
      out.events.push({ id: deps.ids.next(), app_id: s.app_id, envelope: body, created_at: now });
      if (s.webhook_id) out.deliveries.push({ webhook_id: s.webhook_id, event_id: uuid, kind: 'activity', body });
    }
  }
}

/** Account Activity webhooks of the users the items concern, each event once per (user, webhook). */
function legacyTargets(row: OutboxRow, items: Item[], out: Batch, audiences: Audiences) {
  const seen = new Set<string>();
  for (const item of items) {
    if (!item.legacy || !item.userId) continue;
    for (const s of audiences.legacy.get(item.userId) ?? []) {
      const key = `${s.webhook_id} ${item.userId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.deliveries.push({
        webhook_id: s.webhook_id,
        event_id: `${row.id}:${item.userId}`,
        kind: 'account_activity',
        body: legacyJson(legacyBody(item.legacy, item.userId)),
      });
    }
  }
}

/** The users a source event's payload names (follows, blocks, mutes, likes, deletions, DMs, Spaces). */
const USER_KEYS = ['user_id', 'source_id', 'target_id', 'target_user_id', 'author_id', 'sender_id', 'host_id'];
const USER_LISTS = ['recipient_ids', 'participant_ids'];

/**
 * The posts of the batch's post and like events, and the accounts their renders look up (authors,
 * replied-to and mentioned, and the users the other events name), read into the row caches at once:
 * under a write load every commit replaces the users token (a counter), so each render read its users
 * again, a statement each (issue #23: ~10 a step of 16 posts, now one; and one a follow, like or
 * deletion with an activity subscription).
 */
async function readAhead(deps: Deps, rows: OutboxRow[]): Promise<void> {
  const ids: string[] = [];
  const users = new Set<string>();
  for (const row of rows) {
    const postId = postIdOf(row);
    if (postId !== null) {
      ids.push(postId);
      continue;
    }
    const p = JSON.parse(row.payload) as Record<string, unknown>;
    if (row.topic === 'like.create' && typeof p.post_id === 'string') ids.push(p.post_id);
    for (const k of USER_KEYS) if (typeof p[k] === 'string') users.add(p[k]);
    for (const k of USER_LISTS)
      if (Array.isArray(p[k])) for (const id of p[k] as unknown[]) if (typeof id === 'string') users.add(id);
  }
  const posts = ids.length > 1 ? await cachedPosts(deps, ids) : [];
  for (const p of posts) for (const id of [p.author_id, p.reply_to_user_id, ...mentionedIds(p)]) if (id) users.add(id);
  if (users.size > 1) await cachedUsers(deps, [...users]);
}

/**
 * `audience`: whether any activity subscription exists; `links`: the webhooks linked to filtered
 * streams. Both read once per claimed batch, by the step that claimed it.
 */
async function fanOut(
  deps: Deps,
  rows: OutboxRow[],
  holder: string,
  audience: boolean,
  links: LinkRow[],
): Promise<void> {
  const out: Batch = { events: [], deliveries: [] };
  const failed: { row: OutboxRow; error: string }[] = [];
  const expanded: { row: OutboxRow; exp: Expansion }[] = [];
  if (audience) await readAhead(deps, rows);
  for (const row of rows) {
    try {
      expanded.push({ row, exp: audience ? await expand(deps, row) : withoutItems(row) });
    } catch (err) {
      failed.push({ row, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const items = flatten(expanded, (e) => e.exp.items);
  const audiences = await audiencesOf(deps, items);
  const ok: OutboxRow[] = [];
  for (const { row, exp } of expanded) {
    try {
      activityTargets(deps, row, exp.items, out, audiences);
      legacyTargets(row, exp.items, out, audiences);
      if (exp.postId) out.deliveries.push(...(await streamDeliveries(deps, links, exp.postId)));
      ok.push(row);
    } catch (err) {
      failed.push({ row, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const deliveries = outgoingDeliveries(deps, out.deliveries);
  try {
    await deps.db.tx(async (tx) => {
      await activityRepo.insertEvents(tx, out.events);
      await deliveries.write(tx);
      await deliveryRepo.doneMany(
        tx,
        ok.map((r) => r.id),
        holder,
      );
      for (const { row, error } of failed) {
        const delay = RETRIES[row.attempts];
        await deliveryRepo.retry(tx, row.id, holder, deps.clock.now() + (delay ?? 0), error, delay === undefined);
      }
    });
  } catch (err) {
    deliveries.failed();
    throw err;
  }
  deliveries.committed();
  if (out.events.length) publishEvents(deps, out.events);
}

export async function startDispatcher(deps: Deps, onError: (err: unknown) => void) {
  const holder = `dispatch:${deps.ids.worker}:${randomUUID()}`;
  let lastBatch = 0;
  const pump = createPump({
    idleMs: 10,
    maxIdleMs: SAFETY_POLL_MS,
    lingerMs: () => (lastBatch >= LINGER_FROM ? LINGER_MS : 0),
    onError,
    step: async () => {
      const wall = deps.clock.wall();
      // Nobody to fan out to (no activity or Account Activity subscription, no webhook linked to a
      // filtered stream; most servers under a write load): the due rows are settled in one statement
      // instead of a claim and a fan-out that would find no one (issue #23).
      const audience = await anyAudience(deps);
      const links = await allLinks(deps);
      if (!audience && !links.length) {
        const settled = await deliveryRepo.settleUnheard(deps.db, {
          topics: SOURCE_TOPICS,
          now: deps.clock.now(),
          wall,
          limit: CLAIM,
        });
        lastBatch = settled;
        return settled >= CLAIM;
      }
      const rows = await claimTopics(deps.db, {
        topics: SOURCE_TOPICS,
        holder,
        now: deps.clock.now(),
        wall,
        lockMs: LOCK_MS,
        limit: CLAIM,
      });
      lastBatch = rows.length;
      // The batch's posts and users are read as of one moment: their generation tokens once.
      if (rows.length) await fanOut({ ...deps, db: oneMoment(deps.db) }, rows, holder, audience, links);
      // Only a full claim says more is waiting: rows written meanwhile in this process nudged the
      // pump, which then claims again at once (issue #23: an empty claim after every small batch
      // cost more than the batch's own settling).
      return rows.length >= CLAIM;
    },
  });
  deps.runtime.delivery.wire({ pending: () => pump.nudge(), unheard: UNHEARD });
  // Rows written settled (no one listening) wake the streams, not the fan-out: it claims pending rows.
  await onOutbox(deps.cluster.signals, SOURCE_TOPICS, () => pump.nudge(), { pending: true });
  await listenForEvents(deps);
  pump.start();
  const prune = deps.scheduler.every(HOUR, () => pruneSources(deps).catch(onError), 'activity-prune');
  return {
    async stop() {
      prune.cancel();
      await pump.stop();
    },
  };
}

const HOUR = 3_600_000;
/** Topics only this fan-out reads; the posts topics stay, the filtered stream reads them too (ADR 0008). */
const OWN_TOPICS = SOURCE_TOPICS.filter((t) => !t.startsWith('post.'));

/**
 * Retention on the service clock: settled source rows a day, the activity stream's log an hour (backfill reaches 5
 * minutes).
 */
async function pruneSources(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await deliveryRepo.prune(deps.db, OWN_TOPICS, now - 25 * HOUR);
  await activityRepo.pruneEvents(deps.db, now - HOUR);
}
