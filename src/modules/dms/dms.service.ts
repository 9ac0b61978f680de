// Direct messages: one-to-one conversations (id `<low>-<high>` of the two user ids) and groups,
// message events with entities, media and referenced posts; only participants read or write.
import type { Deps } from '../../deps.js';
import { encodeToken, type PageMeta, type Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { LINK_FIELDS, withLinks, type Selection, type Viewer } from '../../shared/selection.js';
import { edgesRepo, emitEvent } from '../edges/index.js';
import type { Queryable } from '../../store/index.js';
import { attachableMedia, mediaByKeys, mediaView } from '../media/index.js';
import { lookupPosts, renderUsers, type Envelope } from '../hydrate/index.js';
import { linkedText, requirePost } from '../posts/index.js';
import { findUsersByIds, requireUser } from '../users/index.js';
import { checkMayMessage } from './dms.blocks.js';
import { dmsRepo, type DmEventRow, type EventFilter } from './dms.repo.js';
import { dmEventView } from './dms.view.js';

export type Message = { text?: string; attachments?: { media_id: string }[] };
export const EVENT_TYPES = ['MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave'] as const;

const oneToOne = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`);

async function requireParticipant(deps: Deps, conversationId: string, userId: string): Promise<void> {
  if (!(await edgesRepo.has(deps.db, 'dm_participants', conversationId, userId))) {
    throw problems.resourceNotFound({
      parameter: 'dm_conversation_id',
      value: conversationId,
      resource_type: 'user',
      detail: `Could not find DM conversation with dm_conversation_id: [${conversationId}].`,
    });
  }
}

async function messageEvent(deps: Deps, conversationId: string, senderId: string, m: Message): Promise<DmEventRow> {
  if (!m.text && !m.attachments?.length)
    throw problems.invalidParam('text', '', 'A message needs text or an attachment.');
  const media = m.attachments?.length
    ? await attachableMedia(
        deps,
        senderId,
        m.attachments.map((a) => a.media_id),
      )
    : [];
  const { text, entities } = linkedText(m.text ?? '', senderId);
  // A link to a post makes it a referenced post of the message.
  const postIds = (entities?.urls ?? []).flatMap(
    (u) => /(?:x|twitter)\.com\/\w+\/status\/(\d{1,19})/.exec(u.expanded_url)?.[1] ?? [],
  );
  const refs = (
    await Promise.all(
      postIds.map((id) =>
        requirePost(deps, id).then(
          () => id,
          () => null,
        ),
      ),
    )
  ).filter((x): x is string => !!x);
  return {
    id: deps.ids.next(),
    conversation_id: conversationId,
    event_type: 'MessageCreate',
    sender_id: senderId,
    text,
    entities: entities ? JSON.stringify(entities) : null,
    media_keys: media.length ? JSON.stringify(media.map((x) => x.media_key)) : null,
    referenced_tweets: refs.length ? JSON.stringify(refs.map((id) => ({ id }))) : null,
    participant_ids: null,
    created_at: deps.clock.now(),
  };
}

async function addParticipants(deps: Deps, tx: Queryable, conversationId: string, ids: string[]): Promise<void> {
  for (const id of ids)
    await edgesRepo.add(tx, 'dm_participants', {
      source_id: conversationId,
      target_id: id,
      id: deps.ids.next(),
      created_at: deps.clock.now(),
    });
}

/** Stores a message and its `dm.sent` source event together (docs/adr/0007). */
async function storeMessage(deps: Deps, tx: Queryable, event: DmEventRow, recipientIds: string[]): Promise<void> {
  await dmsRepo.insertEvent(tx, event);
  await emitEvent(deps, tx, 'dm.sent', {
    dm_event_id: event.id,
    conversation_id: event.conversation_id,
    sender_id: event.sender_id,
    recipient_ids: recipientIds,
    text: event.text,
  });
}

async function participantsOf(deps: Deps, conversationId: string): Promise<string[]> {
  const { rows } = await edgesRepo.page(deps.db, 'dm_participants', 'source', conversationId, { limit: 1000 });
  return rows.map((r) => r.k);
}

export async function sendToUser(deps: Deps, senderId: string, recipientId: string, m: Message) {
  if (recipientId === senderId)
    throw problems.invalidParam('participant_id', recipientId, 'You cannot send a Direct Message to yourself.');
  await requireUser(deps, recipientId, 'participant_id');
  await checkMayMessage(deps, senderId, recipientId);
  const id = oneToOne(senderId, recipientId);
  const event = await messageEvent(deps, id, senderId, m);
  await deps.db.tx(async (tx) => {
    if (await dmsRepo.insertConversation(tx, id, 'OneToOne', deps.clock.now()))
      await addParticipants(deps, tx, id, [senderId, recipientId]);
    await storeMessage(deps, tx, event, [recipientId]);
  });
  return { dm_conversation_id: id, dm_event_id: event.id };
}

export async function sendToConversation(deps: Deps, senderId: string, conversationId: string, m: Message) {
  await requireParticipant(deps, conversationId, senderId);
  const event = await messageEvent(deps, conversationId, senderId, m);
  const recipients = (await participantsOf(deps, conversationId)).filter((u) => u !== senderId);
  // A one-to-one conversation is closed by a block either way; a group is not.
  if (conversationId.includes('-')) for (const r of recipients) await checkMayMessage(deps, senderId, r);
  await deps.db.tx((tx) => storeMessage(deps, tx, event, recipients));
  return { dm_conversation_id: conversationId, dm_event_id: event.id };
}

export async function createGroup(deps: Deps, creatorId: string, participantIds: string[], m: Message) {
  const users = await findUsersByIds(deps, participantIds);
  const missing = participantIds.find((id) => !users.some((u) => u.id === id));
  if (missing)
    throw problems.invalidParam('participant_ids', missing, `Could not find user with participant_ids: [${missing}].`);
  const id = deps.ids.next();
  const all = [...new Set([creatorId, ...participantIds])];
  const event = await messageEvent(deps, id, creatorId, m);
  await deps.db.tx(async (tx) => {
    await dmsRepo.insertConversation(tx, id, 'Group', deps.clock.now());
    await addParticipants(deps, tx, id, all);
    // ParticipantsJoin lists only those who joined (seed, Events rule 3).
    await dmsRepo.insertEvent(tx, {
      ...event,
      id: deps.ids.next(),
      event_type: 'ParticipantsJoin',
      text: null,
      entities: null,
      media_keys: null,
      referenced_tweets: null,
      participant_ids: JSON.stringify(all),
    });
    await storeMessage(
      deps,
      tx,
      { ...event, id: deps.ids.next() },
      all.filter((u) => u !== creatorId),
    );
  });
  return {
    dm_conversation_id: id,
    dm_event_id: (await dmsRepo.inConversation(deps.db, id, { limit: 1, types: ['MessageCreate'] }))[0]!.id,
  };
}

export type EventQuery = { limit: number; position: Position | null; types: readonly string[] };

function filterOf(q: EventQuery): EventFilter {
  return {
    limit: q.limit,
    types: q.types.length ? q.types : EVENT_TYPES,
    after: q.position?.dir === 'next' ? q.position.cursor : undefined,
    before: q.position?.dir === 'prev' ? q.position.cursor : undefined,
  };
}

export async function eventsPage(
  deps: Deps,
  viewer: Viewer,
  scope: { conversationId?: string; withUser?: string },
  q: EventQuery,
  sel: Selection,
): Promise<Envelope> {
  const me = viewer.userId!;
  const f = filterOf(q);
  const conversationId = scope.withUser ? oneToOne(me, scope.withUser) : scope.conversationId;
  if (conversationId) await requireParticipant(deps, conversationId, me);
  let rows = conversationId
    ? await dmsRepo.inConversation(deps.db, conversationId, f)
    : await dmsRepo.forUser(deps.db, me, f);
  const more = rows.length > q.limit || f.before !== undefined;
  rows = rows.slice(0, q.limit);
  if (f.before) rows.reverse();
  const meta: PageMeta = { result_count: rows.length };
  if (rows.length && more) meta.next_token = encodeToken({ dir: 'next', cursor: rows[rows.length - 1]!.id });
  if (rows.length && q.position) meta.previous_token = encodeToken({ dir: 'prev', cursor: rows[0]!.id });
  return { ...(await renderEvents(deps, viewer, rows, sel)), meta };
}

export async function getEvent(deps: Deps, viewer: Viewer, id: string, sel: Selection): Promise<Envelope> {
  const e = await dmsRepo.event(deps.db, id);
  if (!e)
    throw problems.resourceNotFound({
      parameter: 'event_id',
      value: id,
      resource_type: 'user',
      detail: `Could not find DM event with event_id: [${id}].`,
    });
  await requireParticipant(deps, e.conversation_id, viewer.userId!);
  const env = await renderEvents(deps, viewer, [e], sel);
  return { ...env, data: (env.data as unknown[])[0] };
}

export async function deleteEvent(deps: Deps, userId: string, id: string): Promise<{ deleted: boolean }> {
  const e = await dmsRepo.event(deps.db, id);
  if (!e || e.sender_id !== userId) throw problems.forbidden('You can only delete Direct Messages you sent.');
  await dmsRepo.deleteEvent(deps.db, id);
  return { deleted: true };
}

/** Events with their expansions: sender_id, participant_ids, referenced_tweets.id, attachments.media_keys. */
async function renderEvents(deps: Deps, viewer: Viewer, rows: DmEventRow[], sel: Selection): Promise<Envelope> {
  const out: Envelope = {};
  const fields = withLinks(sel.dm_event, sel.expansions, LINK_FIELDS.dm_event);
  if (rows.length) out.data = rows.map((e) => dmEventView(e, fields));
  const exp = sel.expansions;
  const userIds = new Set<string>();
  for (const e of rows) {
    if (exp.includes('sender_id')) userIds.add(e.sender_id);
    if (exp.includes('participant_ids') && e.participant_ids)
      for (const p of JSON.parse(e.participant_ids) as string[]) userIds.add(p);
  }
  const includes: Record<string, unknown[]> = {};
  const users = (
    await renderUsers(
      deps,
      viewer,
      await findUsersByIds(deps, [...userIds]),
      { ...sel, expansions: [] },
      { parameter: 'sender_id' },
    )
  ).data as unknown[] | undefined;
  if (users?.length) includes.users = users;
  const postIds = exp.includes('referenced_tweets.id')
    ? rows.flatMap((e) =>
        e.referenced_tweets ? (JSON.parse(e.referenced_tweets) as { id: string }[]).map((r) => r.id) : [],
      )
    : [];
  if (postIds.length) {
    const tweets = (await lookupPosts(deps, viewer, [...new Set(postIds)], { ...sel, expansions: [] })).data as
      unknown[] | undefined;
    if (tweets?.length) includes.tweets = tweets;
  }
  const keys = exp.includes('attachments.media_keys')
    ? rows.flatMap((e) => (e.media_keys ? (JSON.parse(e.media_keys) as string[]) : []))
    : [];
  if (keys.length) includes.media = (await mediaByKeys(deps, keys)).map((m) => mediaView(m, sel.media));
  if (Object.keys(includes).length) out.includes = includes;
  return out;
}
