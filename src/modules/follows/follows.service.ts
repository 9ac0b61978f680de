// Follows: the graph that drives home timelines, protected-account visibility and follower lists.
// Following a protected account makes a pending request instead (DOCS follows: `pending_follow`).
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { Actor } from '../../shared/selection.js';
import { GROUPED } from '../../store/index.js';
import { edgePage, edgesRepo, emitEdgeEvent, type IdPage } from '../edges/index.js';
import { bumpUserCounter, requireUser } from '../users/index.js';
import type { Position } from '../../shared/cursor.js';

/** Which of `ids` the viewer follows (the viewer counts as following themself). */
export async function followedAmong(deps: Deps, viewerId: string | null, ids: string[]): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const set = await edgesRepo.targetsOf(
    deps.db,
    'follows',
    viewerId,
    ids.filter((id) => id !== viewerId),
  );
  if (ids.includes(viewerId)) set.add(viewerId);
  return set;
}

export const isFollowing = (deps: Deps, source: string, target: string) =>
  edgesRepo.has(deps.db, 'follows', source, target);

export async function follow(
  deps: Deps,
  actor: Actor,
  targetId: string,
): Promise<{ following: boolean; pending_follow: boolean }> {
  if (targetId === actor.userId) throw problems.invalidParam('target_user_id', targetId, 'You cannot follow yourself.');
  const target = await requireUser(deps, targetId, 'target_user_id');
  const now = deps.clock.now();
  if (await edgesRepo.has(deps.db, 'blocks', targetId, actor.userId))
    throw problems.forbidden('You are unable to follow more people at this time.');
  if (target.protected === 1 && !(await isFollowing(deps, actor.userId, targetId))) {
    await edgesRepo.add(deps.db, 'follow_requests', {
      source_id: actor.userId,
      target_id: targetId,
      id: deps.ids.next(),
      created_at: now,
    });
    return { following: false, pending_follow: true };
  }
  await addFollow(deps, actor.userId, targetId, now);
  return { following: true, pending_follow: false };
}

/** The edge plus both counters, in one transaction (seeding and follow requests use it too). */
export async function addFollow(deps: Deps, source: string, target: string, now: number): Promise<void> {
  await deps.db.tx(async (tx) => {
    if (
      !(await edgesRepo.add(tx, 'follows', {
        source_id: source,
        target_id: target,
        id: deps.ids.next(),
        created_at: now,
      }))
    )
      return;
    await bumpUserCounter(tx, source, 'following_count', 1);
    await bumpUserCounter(tx, target, 'followers_count', 1);
    await emitEdgeEvent(deps, tx, 'follow.follow', source, target);
  }, GROUPED);
}

export async function unfollow(deps: Deps, source: string, target: string): Promise<{ following: false }> {
  await requireUser(deps, target, 'target_user_id');
  await deps.db.tx(async (tx) => {
    await edgesRepo.remove(tx, 'follow_requests', source, target);
    if (!(await edgesRepo.remove(tx, 'follows', source, target))) return;
    await bumpUserCounter(tx, source, 'following_count', -1);
    await bumpUserCounter(tx, target, 'followers_count', -1);
    await emitEdgeEvent(deps, tx, 'follow.unfollow', source, target);
  }, GROUPED);
  return { following: false };
}

export async function followers(deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> {
  await requireUser(deps, userId);
  return edgePage(deps, 'follows', 'target', userId, limit, position);
}

export async function following(deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> {
  await requireUser(deps, userId);
  return edgePage(deps, 'follows', 'source', userId, limit, position);
}

/** connection_status values between the viewer and each of `ids` (user.fields=connection_status). */
export async function connections(deps: Deps, viewerId: string, ids: string[]): Promise<Map<string, string[]>> {
  const [following, followedBy, blocking, muting, sent, received] = await Promise.all([
    edgesRepo.targetsOf(deps.db, 'follows', viewerId, ids),
    edgesRepo.sourcesOf(deps.db, 'follows', viewerId, ids),
    edgesRepo.targetsOf(deps.db, 'blocks', viewerId, ids),
    edgesRepo.targetsOf(deps.db, 'mutes', viewerId, ids),
    edgesRepo.targetsOf(deps.db, 'follow_requests', viewerId, ids),
    edgesRepo.sourcesOf(deps.db, 'follow_requests', viewerId, ids),
  ]);
  const out = new Map<string, string[]>();
  for (const id of ids) {
    const s: string[] = [];
    if (received.has(id)) s.push('follow_request_received');
    if (sent.has(id)) s.push('follow_request_sent');
    if (blocking.has(id)) s.push('blocking');
    if (followedBy.has(id)) s.push('followed_by');
    if (following.has(id)) s.push('following');
    if (muting.has(id)) s.push('muting');
    out.set(id, s);
  }
  return out;
}
