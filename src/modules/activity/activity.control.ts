// Causes the public API cannot produce, for the control API: profile changes, Spaces, DM typing and
// read signals, and synthetic events of any kind (load tests, kinds the model has no action for).
// Each writes its source event in the same transaction as the change (STYLE: outbox).
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { spaceIdOf } from '../../shared/ids.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { deliveryRepo, enqueueSource, nudgeDispatch } from '../../delivery/index.js';
import { adminUserView, requireUser, updateUserProfile, type ProfilePatch, type UserRow } from '../users/index.js';
import { kindOf } from './activity.kinds.js';
import { activityRepo, spacesRepo, type ProfileExtras, type SpaceRow } from './activity.repo.js';

type Body = Record<string, unknown>;
const bad = (param: string, value: unknown, message: string) =>
  problems.invalidParam(param, typeof value === 'string' ? value : JSON.stringify(value ?? ''), message);
const ID = /^[0-9]{1,19}$/;

const emit = (deps: Deps, tx: Queryable, topic: string, payload: unknown) =>
  enqueueSource(deps, tx, { topic, payload });

/** POST /_aviary/events: `count` copies of one event, written in one transaction. */
export async function emitSynthetic(deps: Deps, b: Body): Promise<string[]> {
  const type = b.event_type;
  if (typeof type !== 'string' || !kindOf(type))
    throw bad(
      'event_type',
      type,
      'event_type must be an X Activity API event type (e.g. post.create, profile.update.bio)',
    );
  const userId = b.user_id ?? null;
  if (userId !== null && (typeof userId !== 'string' || !ID.test(userId)))
    throw bad('user_id', userId, 'user_id must match ^[0-9]{1,19}$');
  if (userId === null && kindOf(type)!.needsUser) throw bad('user_id', '', `user_id is required for ${type}`);
  if (b.direction !== undefined && b.direction !== 'inbound' && b.direction !== 'outbound')
    throw bad('direction', b.direction, 'direction must be inbound or outbound');
  const count = b.count ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
    throw bad('count', count, 'count must be an integer from 1 to 1000');
  const payload = {
    event_type: kindOf(type)!.name,
    user_id: userId,
    direction: b.direction,
    payload: b.payload ?? {},
    includes: b.includes,
    text: b.text,
  };
  const at = deps.clock.now();
  const text = JSON.stringify(payload);
  const rows = Array.from({ length: count }, () => ({
    id: deps.ids.next(),
    topic: 'activity.synthetic',
    target: null,
    payload: text,
    at,
  }));
  await deps.db.tx((tx) => deliveryRepo.enqueueMany(tx, rows));
  const ids = rows.map((r) => r.id);
  nudgeDispatch(deps);
  return ids;
}

const PROFILE_KINDS: Record<string, string> = {
  description: 'profile.update.bio',
  name: 'profile.update.screenname',
  username: 'profile.update.handle',
  location: 'profile.update.geo',
  url: 'profile.update.url',
  profile_image_url: 'profile.update.profile_picture',
  verified: 'profile.update.verified',
  affiliation: 'profile.update.affiliate',
  banner_url: 'profile.update.banner_picture',
};
const PATCHABLE = [
  'name',
  'username',
  'description',
  'location',
  'url',
  'profile_image_url',
  'verified',
  'protected',
  'affiliation',
  'banner_url',
];

export const profileExtras = async (db: Queryable, userId: string): Promise<ProfileExtras> =>
  (await activityRepo.extras(db, userId)) ?? { affiliation: null, banner_url: null };

function extrasPatch(b: Body, before: ProfileExtras): ProfileExtras {
  const next = { ...before };
  for (const k of ['affiliation', 'banner_url'] as const) {
    if (!(k in b)) continue;
    const v = b[k];
    if (v !== null && (typeof v !== 'string' || v.length > 200))
      throw bad(k, v, `${k} must be a string of at most 200 characters, or null`);
    next[k] = v as string | null;
  }
  return next;
}

/** PATCH /_aviary/users/{id}: changes the profile and emits one profile.update.* event per changed field. */
export async function patchProfile(deps: Deps, id: string, b: Body) {
  for (const k of Object.keys(b))
    if (!PATCHABLE.includes(k)) throw bad(k, b[k], `unknown field ${k}; allowed: ${PATCHABLE.join(', ')}`);
  const patch = Object.fromEntries(
    Object.entries(b).filter(([k]) => k !== 'affiliation' && k !== 'banner_url'),
  ) as ProfilePatch;
  return deps.db.tx(async (tx) => {
    const { before, after } = await updateUserProfile(tx, id, patch);
    const was = await profileExtras(tx, id);
    const now = extrasPatch(b, was);
    await activityRepo.saveExtras(tx, id, now);
    const old: Record<string, unknown> = { ...before, verified: before.verified === 1, ...was };
    const neu: Record<string, unknown> = { ...after, verified: after.verified === 1, ...now };
    const changes = Object.keys(PROFILE_KINDS)
      .filter((k) => k in b && old[k] !== neu[k])
      .map((k) => ({ kind: PROFILE_KINDS[k], before: old[k] ?? null, after: neu[k] ?? null }));
    if (changes.length) await emit(deps, tx, 'profile.update', { user_id: id, changes });
    return { ...adminUserView(after as UserRow), affiliation: now.affiliation, banner_url: now.banner_url };
  });
}

export const spaceView = (s: SpaceRow) => ({
  id: s.id,
  state: s.state,
  host_ids: [s.host_id],
  creator_id: s.host_id,
  ...(s.title ? { title: s.title } : {}),
  created_at: isoMillis(s.created_at),
  ...(s.ended_at ? { ended_at: isoMillis(s.ended_at) } : {}),
});

export async function startSpace(deps: Deps, b: Body): Promise<SpaceRow> {
  const hostId = b.host_id;
  if (typeof hostId !== 'string' || !ID.test(hostId))
    throw bad('host_id', hostId, 'host_id is required and must match ^[0-9]{1,19}$');
  await requireUser(deps, hostId, 'host_id');
  if (b.title !== undefined && (typeof b.title !== 'string' || b.title.length > 70))
    throw bad('title', b.title, 'title must be a string of at most 70 characters');
  const s: SpaceRow = {
    id: spaceIdOf(deps.ids.next()),
    host_id: hostId,
    title: (b.title as string | undefined) ?? null,
    state: 'live',
    created_at: deps.clock.now(),
    ended_at: null,
  };
  await deps.db.tx(async (tx) => {
    await spacesRepo.insert(tx, s);
    await emit(deps, tx, 'spaces.start', { space_id: s.id, host_id: s.host_id, title: s.title });
  });
  return s;
}

export async function endSpace(deps: Deps, id: string): Promise<SpaceRow> {
  const s = await spacesRepo.byId(deps.db, id);
  if (!s) throw problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'space' });
  const now = deps.clock.now();
  await deps.db.tx(async (tx) => {
    if (!(await spacesRepo.end(tx, id, now))) throw problems.conflict(`Space ${id} has already ended.`);
    await emit(deps, tx, 'spaces.end', { space_id: s.id, host_id: s.host_id, title: s.title });
  });
  return { ...s, state: 'ended', ended_at: now };
}

/**
 * A Space set to start later (modules/spaces keeps its details): a row in state `scheduled`, written
 * in the caller's transaction. It emits nothing until it goes live.
 */
export async function insertScheduledSpace(
  tx: Queryable,
  s: { id: string; host_id: string; title: string | null; created_at: number },
): Promise<void> {
  await spacesRepo.insert(tx, { ...s, state: 'scheduled', ended_at: null });
}

/** A scheduled Space (modules/spaces schedules them) goes live: emits spaces.start as a new one does. */
export async function startScheduledSpace(deps: Deps, id: string): Promise<SpaceRow> {
  const s = await spacesRepo.byId(deps.db, id);
  if (!s) throw problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'space' });
  await deps.db.tx(async (tx) => {
    if (!(await spacesRepo.goLive(tx, id))) throw problems.conflict(`Space ${id} is not scheduled.`);
    await emit(deps, tx, 'spaces.start', { space_id: s.id, host_id: s.host_id, title: s.title });
  });
  return { ...s, state: 'live' };
}

/** POST /_aviary/dm-signals: a typing indicator or a read receipt from sender_id in a conversation. */
export async function dmSignal(deps: Deps, b: Body): Promise<string> {
  const type = b.type;
  if (type !== 'typing' && type !== 'read') throw bad('type', type, 'type must be typing or read');
  const sender = b.sender_id;
  if (typeof sender !== 'string' || !ID.test(sender))
    throw bad('sender_id', sender, 'sender_id is required and must match ^[0-9]{1,19}$');
  const recipients = b.recipient_ids;
  if (
    !Array.isArray(recipients) ||
    !recipients.length ||
    recipients.some((r) => typeof r !== 'string' || !ID.test(r))
  ) {
    throw bad('recipient_ids', recipients, 'recipient_ids must be a non-empty array of user ids');
  }
  if (type === 'read' && typeof b.last_read_event_id !== 'string')
    throw bad('last_read_event_id', b.last_read_event_id, 'last_read_event_id is required for read receipts');
  const conversation =
    typeof b.conversation_id === 'string' ? b.conversation_id : [sender, ...recipients].sort().join('-');
  const topic = type === 'typing' ? 'dm.indicate_typing' : 'dm.read';
  return deps.db.tx((tx) =>
    emit(deps, tx, topic, {
      sender_id: sender,
      recipient_ids: recipients,
      conversation_id: conversation,
      last_read_event_id: b.last_read_event_id,
    }),
  );
}
