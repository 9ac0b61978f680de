// Spaces read over v2: lookup by ids, by creators, search by title and state, ticket buyers and the
// posts shared in a Space, with space.fields and the user and topic expansions. The control API
// starts and ends Spaces (modules/activity); here it also schedules them, sets what a host sets
// (speakers, invitees, topics, language, tickets, counts) and sells tickets. Throws problems.
import type { Deps } from '../../deps.js';
import { encodeToken, type PageMeta, type Position } from '../../shared/cursor.js';
import { spaceIdOf } from '../../shared/ids.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { insertScheduledSpace, startScheduledSpace } from '../activity/index.js';
import { renderUsers, type Envelope } from '../hydrate/index.js';
import { findUsersByIds, requireUser } from '../users/index.js';
import { spacesRepo, type DetailsRow, type SpaceRecord } from './spaces.repo.js';
import { expandedUserIds, spaceView, topicIdsOf, topicView, TOPICS } from './spaces.view.js';

export type SpaceSelection = { space: readonly string[]; topic: readonly string[]; users: Selection };

const notFound = (id: string, parameter: string) =>
  problems.resourceNotFound({ parameter, value: id, resource_type: 'space' });

async function render(
  deps: Deps,
  viewer: Viewer,
  rows: SpaceRecord[],
  sel: SpaceSelection,
  o: { single?: boolean; errors?: ProblemBody[]; meta?: PageMeta } = {},
): Promise<Envelope> {
  const out: Envelope = {};
  if (rows.length) out.data = o.single ? spaceView(rows[0]!, sel.space) : rows.map((s) => spaceView(s, sel.space));
  const includes: Record<string, unknown[]> = {};
  const userIds = [...new Set(rows.flatMap((s) => expandedUserIds(s, sel.users.expansions)))];
  if (userIds.length) {
    const users = await findUsersByIds(deps, userIds);
    const env = await renderUsers(deps, viewer, users, { ...sel.users, expansions: [] }, { parameter: 'host_ids' });
    if ((env.data as unknown[] | undefined)?.length) includes.users = env.data as unknown[];
  }
  if (sel.users.expansions.includes('topic_ids')) {
    const topics = [...new Set(rows.flatMap(topicIdsOf))].filter((t) => TOPICS[t]);
    if (topics.length) includes.topics = topics.map((t) => topicView(t, sel.topic));
  }
  if (Object.keys(includes).length) out.includes = includes;
  if (o.errors?.length) out.errors = o.errors;
  if (o.meta) out.meta = { ...o.meta, result_count: rows.length };
  return out;
}

/** GET /2/spaces and /2/spaces/{id}: missing ids are partial errors in a 200. */
export async function lookupSpaces(deps: Deps, viewer: Viewer, ids: string[], sel: SpaceSelection, single = false) {
  const found = new Map((await spacesRepo.byIds(deps.db, ids)).map((s) => [s.id, s]));
  const parameter = single ? 'id' : 'ids';
  const rows = ids.map((id) => found.get(id)).filter((s): s is SpaceRecord => !!s);
  const errors = ids.filter((id) => !found.has(id)).map((id) => partialError(notFound(id, parameter)));
  return render(deps, viewer, rows, sel, { single, errors });
}

/** GET /2/spaces/by/creator_ids: the live and scheduled Spaces these users created. */
export async function spacesByCreators(deps: Deps, viewer: Viewer, userIds: string[], sel: SpaceSelection) {
  const rows = await spacesRepo.byCreators(deps.db, userIds);
  return render(deps, viewer, rows, sel, { meta: { result_count: rows.length } });
}

/** GET /2/spaces/search: titles holding every word; `all` is live and scheduled (SPEC state enum). */
export async function searchSpaces(
  deps: Deps,
  viewer: Viewer,
  q: { query: string; state: 'live' | 'scheduled' | 'all'; max: number },
  sel: SpaceSelection,
) {
  const words = q.query.toLowerCase().split(/\s+/).filter(Boolean);
  const states = q.state === 'all' ? ['live', 'scheduled'] : [q.state];
  const rows = await spacesRepo.search(deps.db, words, states, q.max);
  return render(deps, viewer, rows, sel, { meta: { result_count: rows.length } });
}

/** A Space that exists, or the 404 of a path id. */
export async function requireSpace(deps: Deps, id: string): Promise<SpaceRecord> {
  const [s] = await spacesRepo.byIds(deps.db, [id]);
  if (!s) throw notFound(id, 'id');
  return s;
}

/** GET /2/spaces/{id}/buyers: who bought a ticket; only the Space's creator may ask. */
export async function spaceBuyers(
  deps: Deps,
  callerId: string,
  id: string,
  page: { limit: number; position: Position | null },
): Promise<{ ids: string[]; meta: PageMeta }> {
  const s = await requireSpace(deps, id);
  if (s.host_id !== callerId) throw problems.forbidden('Only the creator of a Space can see who bought tickets.');
  const rows = await spacesRepo.buyers(deps.db, id, page.limit, page.position?.cursor);
  const ids = rows.slice(0, page.limit).map((r) => r.user_id);
  const meta: PageMeta = { result_count: ids.length };
  if (rows.length > page.limit) meta.next_token = encodeToken({ dir: 'next', cursor: ids[ids.length - 1]! });
  return { ids, meta };
}

// ---------------------------------------------------------------------------------------------------
// Control API

export type Details = {
  speaker_ids?: string[];
  invited_user_ids?: string[];
  topic_ids?: string[];
  lang?: string;
  is_ticketed?: boolean;
  participant_count?: number;
  subscriber_count?: number;
  scheduled_start?: number;
};

async function checkDetails(deps: Deps, d: Details): Promise<void> {
  for (const [name, list] of [
    ['speaker_ids', d.speaker_ids],
    ['invited_user_ids', d.invited_user_ids],
  ] as const)
    for (const u of list ?? []) await requireUser(deps, u, name);
  for (const t of d.topic_ids ?? [])
    if (!TOPICS[t])
      throw problems.invalidParam('topic_ids', t, `topic ${t} is not one of ${Object.keys(TOPICS).join(', ')}`);
}

function detailsRow(s: SpaceRecord, d: Details, now: number, startedAt?: number): DetailsRow {
  const keep = (v: string | null) => v ?? '[]';
  return {
    space_id: s.id,
    speaker_ids: d.speaker_ids ? JSON.stringify(d.speaker_ids) : keep(s.speaker_ids),
    invited_user_ids: d.invited_user_ids ? JSON.stringify(d.invited_user_ids) : keep(s.invited_user_ids),
    topic_ids: d.topic_ids ? JSON.stringify(d.topic_ids) : keep(s.topic_ids),
    lang: d.lang ?? s.lang ?? 'en',
    is_ticketed: d.is_ticketed === undefined ? (s.is_ticketed ?? 0) : d.is_ticketed ? 1 : 0,
    participant_count: d.participant_count ?? s.participant_count ?? 0,
    subscriber_count: d.subscriber_count ?? s.subscriber_count ?? 0,
    scheduled_start: d.scheduled_start ?? s.scheduled_start,
    started_at: startedAt ?? s.started_at,
    updated_at: now,
  };
}

/** POST /_aviary/spaces/scheduled: a Space set to start later (state `scheduled`). */
export async function scheduleSpace(
  deps: Deps,
  b: Details & { host_id: string; title?: string; scheduled_start: number },
): Promise<SpaceRecord> {
  await requireUser(deps, b.host_id, 'host_id');
  await checkDetails(deps, b);
  const now = deps.clock.now();
  if (b.scheduled_start <= now)
    throw problems.invalidParam('scheduled_start', String(b.scheduled_start), 'scheduled_start must be in the future');
  const id = spaceIdOf(deps.ids.next());
  await deps.db.tx(async (tx) => {
    await insertScheduledSpace(tx, { id, host_id: b.host_id, title: b.title ?? null, created_at: now });
    const [s] = await spacesRepo.byIds(tx, [id]);
    await spacesRepo.saveDetails(tx, detailsRow(s!, b, now));
  });
  return requireSpace(deps, id);
}

/** PATCH /_aviary/spaces/{id}: what the host sets. */
export async function updateSpace(deps: Deps, id: string, d: Details): Promise<SpaceRecord> {
  const s = await requireSpace(deps, id);
  await checkDetails(deps, d);
  await spacesRepo.saveDetails(deps.db, detailsRow(s, d, deps.clock.now()));
  return requireSpace(deps, id);
}

/** POST /_aviary/spaces/{id}/start: a scheduled Space goes live (spaces.start is emitted). */
export async function startSpaceNow(deps: Deps, id: string): Promise<SpaceRecord> {
  await startScheduledSpace(deps, id);
  const s = await requireSpace(deps, id);
  await spacesRepo.saveDetails(deps.db, detailsRow(s, {}, deps.clock.now(), deps.clock.now()));
  return requireSpace(deps, id);
}

/** POST /_aviary/spaces/{id}/buyers: a user buys a ticket to a ticketed Space that has not ended. */
export async function buyTicket(deps: Deps, id: string, userId: string): Promise<boolean> {
  const s = await requireSpace(deps, id);
  await requireUser(deps, userId, 'user_id');
  if (s.is_ticketed !== 1) throw problems.conflict(`Space ${id} is not ticketed.`);
  if (s.state === 'ended') throw problems.conflict(`Space ${id} has ended.`);
  return spacesRepo.addBuyer(deps.db, id, userId, deps.clock.now());
}
