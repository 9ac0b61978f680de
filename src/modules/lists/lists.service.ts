// Lists: owned by one user, private lists visible to their owner only; members move the list's
// member_count and the member's listed_count; followers move follower_count; at most 5 pins.
import type { Deps } from '../../deps.js';
import { pageMeta, type PageMeta, type Position } from '../../shared/cursor.js';
import { partialError, problems } from '../../shared/problems.js';
import { LINK_FIELDS, withLinks, type Selection, type Viewer } from '../../shared/selection.js';
import { edgePage, edgesRepo, type IdPage } from '../edges/index.js';
import { renderUsers, type Envelope } from '../hydrate/index.js';
import { bumpUserCounter, findUsersByIds, requireUser } from '../users/index.js';
import { listsRepo, type ListRow } from './lists.repo.js';
import { listView } from './lists.view.js';

export const MAX_PINNED = 5;
export type ListFields = { name?: string; description?: string; private?: boolean };

const notFound = (id: string, parameter = 'id') =>
  problems.resourceNotFound({ parameter, value: id, resource_type: 'list' });

/** A list the viewer may see; private lists of others do not exist for them. */
export async function visibleList(deps: Deps, viewerId: string | null, id: string, parameter = 'id'): Promise<ListRow> {
  const l = await listsRepo.byId(deps.db, id);
  if (!l || (l.private === 1 && l.owner_id !== viewerId)) throw notFound(id, parameter);
  return l;
}

async function ownedList(deps: Deps, userId: string, id: string, parameter = 'id'): Promise<ListRow> {
  const l = await listsRepo.byId(deps.db, id);
  if (!l) throw notFound(id, parameter);
  if (l.owner_id !== userId) throw problems.forbidden('You are not allowed to manage this List.');
  return l;
}

export async function createList(
  deps: Deps,
  ownerId: string,
  f: ListFields & { name: string },
): Promise<{ id: string; name: string }> {
  const row: ListRow = {
    id: deps.ids.next(),
    owner_id: ownerId,
    name: f.name,
    description: f.description ?? '',
    private: f.private ? 1 : 0,
    created_at: deps.clock.now(),
    member_count: 0,
    follower_count: 0,
  };
  await listsRepo.insert(deps.db, row);
  return { id: row.id, name: row.name };
}

export async function updateList(deps: Deps, userId: string, id: string, f: ListFields): Promise<{ updated: boolean }> {
  await ownedList(deps, userId, id);
  await listsRepo.update(deps.db, id, {
    name: f.name,
    description: f.description,
    private: f.private === undefined ? undefined : f.private ? 1 : 0,
  });
  return { updated: true };
}

export async function deleteList(deps: Deps, userId: string, id: string): Promise<{ deleted: boolean }> {
  await ownedList(deps, userId, id);
  await deps.db.tx(async (tx) => {
    for (const member of await edgesRepo.removeAll(tx, 'list_members', 'source', id))
      await bumpUserCounter(tx, member, 'listed_count', -1);
    await edgesRepo.removeAll(tx, 'list_followers', 'source', id);
    await edgesRepo.removeAll(tx, 'pinned_lists', 'target', id);
    await listsRepo.remove(tx, id);
  });
  return { deleted: true };
}

export async function setMember(
  deps: Deps,
  userId: string,
  listId: string,
  memberId: string,
  member: boolean,
): Promise<{ is_member: boolean }> {
  await ownedList(deps, userId, listId);
  await requireUser(deps, memberId, 'user_id');
  await deps.db.tx(async (tx) => {
    const changed = member
      ? await edgesRepo.add(tx, 'list_members', {
          source_id: listId,
          target_id: memberId,
          id: deps.ids.next(),
          created_at: deps.clock.now(),
        })
      : await edgesRepo.remove(tx, 'list_members', listId, memberId);
    if (!changed) return;
    await listsRepo.bump(tx, listId, 'member_count', member ? 1 : -1);
    await bumpUserCounter(tx, memberId, 'listed_count', member ? 1 : -1);
  });
  return { is_member: member };
}

export async function setFollow(
  deps: Deps,
  userId: string,
  listId: string,
  follow: boolean,
): Promise<{ following: boolean }> {
  await visibleList(deps, userId, listId, 'list_id');
  await deps.db.tx(async (tx) => {
    const changed = follow
      ? await edgesRepo.add(tx, 'list_followers', {
          source_id: listId,
          target_id: userId,
          id: deps.ids.next(),
          created_at: deps.clock.now(),
        })
      : await edgesRepo.remove(tx, 'list_followers', listId, userId);
    if (changed) await listsRepo.bump(tx, listId, 'follower_count', follow ? 1 : -1);
  });
  return { following: follow };
}

export async function setPin(deps: Deps, userId: string, listId: string, pin: boolean): Promise<{ pinned: boolean }> {
  await visibleList(deps, userId, listId, 'list_id');
  if (pin && (await edgesRepo.count(deps.db, 'pinned_lists', 'source', userId)) >= MAX_PINNED) {
    throw problems.forbidden(`You cannot pin more than ${MAX_PINNED} Lists.`);
  }
  if (pin)
    await edgesRepo.add(deps.db, 'pinned_lists', {
      source_id: userId,
      target_id: listId,
      id: deps.ids.next(),
      created_at: deps.clock.now(),
    });
  else await edgesRepo.remove(deps.db, 'pinned_lists', userId, listId);
  return { pinned: pin };
}

export const members = (deps: Deps, listId: string, limit: number, position: Position | null): Promise<IdPage> =>
  edgePage(deps, 'list_members', 'source', listId, limit, position);
export const listFollowers = (deps: Deps, listId: string, limit: number, position: Position | null): Promise<IdPage> =>
  edgePage(deps, 'list_followers', 'source', listId, limit, position);
export const memberships = (deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> =>
  edgePage(deps, 'list_members', 'target', userId, limit, position);
export const followedLists = (deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> =>
  edgePage(deps, 'list_followers', 'target', userId, limit, position);

export async function ownedLists(
  deps: Deps,
  userId: string,
  limit: number,
  position: Position | null,
): Promise<IdPage> {
  await requireUser(deps, userId);
  const rows = await listsRepo.owned(deps.db, userId, limit, position?.dir === 'next' ? position.cursor : undefined);
  const page = rows.slice(0, limit);
  return {
    ids: page.map((l) => l.id),
    meta: pageMeta(
      page.map((l) => l.id),
      rows.length > limit,
      position !== null,
    ),
  };
}

export async function pinnedLists(deps: Deps, userId: string): Promise<IdPage> {
  const page = await edgePage(deps, 'pinned_lists', 'source', userId, MAX_PINNED, null);
  return { ids: page.ids, meta: { result_count: page.ids.length } };
}

/** Lists by id in order, private ones of others left out, with the owner_id expansion. */
export async function renderLists(
  deps: Deps,
  viewer: Viewer,
  ids: string[],
  meta: PageMeta | null,
  sel: Selection,
  single = false,
): Promise<Envelope> {
  const rows = new Map((await listsRepo.byIds(deps.db, ids)).map((l) => [l.id, l]));
  const lists = ids
    .map((id) => rows.get(id))
    .filter((l): l is ListRow => !!l && (l.private === 0 || l.owner_id === viewer.userId));
  const out: Envelope = {};
  const fields = withLinks(sel.list, sel.expansions, LINK_FIELDS.list);
  if (lists.length) out.data = single ? listView(lists[0]!, fields) : lists.map((l) => listView(l, fields));
  if (sel.expansions.includes('owner_id') && lists.length) {
    const owners = await findUsersByIds(deps, [...new Set(lists.map((l) => l.owner_id))]);
    const users = (await renderUsers(deps, viewer, owners, { ...sel, expansions: [] }, { parameter: 'owner_id' }))
      .data as unknown[];
    if (users?.length) out.includes = { users };
  }
  if (meta) out.meta = { ...meta, result_count: lists.length };
  return out;
}

/** The single list lookup: a missing or hidden list is a partial error in a 200. */
export async function lookupList(deps: Deps, viewer: Viewer, id: string, sel: Selection): Promise<Envelope> {
  const l = await listsRepo.byId(deps.db, id);
  if (!l || (l.private === 1 && l.owner_id !== viewer.userId)) return { errors: [partialError(notFound(id))] };
  return renderLists(deps, viewer, [id], null, sel, true);
}
