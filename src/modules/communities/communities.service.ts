// Communities: created and joined through the control API (the public v2 API only reads them), looked
// up and searched by name and description, and the check post creation makes of `community_id`: the
// community must exist and the author must be a member (seed "Post creation").
import type { Deps } from '../../deps.js';
import { pageMeta, type Position } from '../../shared/cursor.js';
import { partialError, problems } from '../../shared/problems.js';
import { requireUser } from '../users/index.js';
import { communitiesRepo, type CommunityRow } from './communities.repo.js';
import { communityView } from './communities.view.js';

export const ACCESS = ['Public', 'Closed'] as const;
export const JOIN_POLICIES = [
  'Open',
  'RestrictedJoinRequestsRequireAdminApproval',
  'RestrictedJoinRequestsRequireModeratorApproval',
  'SuperFollowRequiredToJoin',
] as const;
export const ROLES = ['Admin', 'Moderator', 'Member'] as const;

export type NewCommunity = {
  name: string;
  creator_id: string;
  description?: string;
  access?: (typeof ACCESS)[number];
  join_policy?: (typeof JOIN_POLICIES)[number];
};

const notFound = (id: string, parameter = 'id') =>
  problems.resourceNotFound({ parameter, value: id, resource_type: 'community' });

export async function requireCommunity(deps: Deps, id: string, parameter = 'id'): Promise<CommunityRow> {
  const c = await communitiesRepo.byId(deps.db, id);
  if (!c) throw notFound(id, parameter);
  return c;
}

/** A new community; its creator is its first member, an admin. */
export async function createCommunity(deps: Deps, b: NewCommunity): Promise<CommunityRow> {
  await requireUser(deps, b.creator_id, 'creator_id');
  const now = deps.clock.now();
  const row: CommunityRow = {
    id: deps.ids.next(),
    name: b.name,
    name_lower: b.name.toLowerCase(),
    description: b.description ?? '',
    access: b.access ?? 'Public',
    join_policy: b.join_policy ?? 'Open',
    creator_id: b.creator_id,
    member_count: 0,
    created_at: now,
  };
  await deps.db.tx(async (tx) => {
    await communitiesRepo.insert(tx, row);
    await communitiesRepo.addMember(tx, row.id, b.creator_id, 'Admin', now);
  });
  return { ...row, member_count: 1 };
}

export async function setMember(
  deps: Deps,
  communityId: string,
  userId: string,
  member: boolean,
  role: (typeof ROLES)[number] = 'Member',
): Promise<{ is_member: boolean; changed: boolean }> {
  await requireCommunity(deps, communityId);
  await requireUser(deps, userId, 'user_id');
  const changed = await deps.db.tx((tx) =>
    member
      ? communitiesRepo.addMember(tx, communityId, userId, role, deps.clock.now())
      : communitiesRepo.removeMember(tx, communityId, userId),
  );
  return { is_member: member, changed };
}

/**
 * What post creation checks of `community_id`: an unknown community is an invalid parameter, and only
 * members may post to one (the real service refuses others with a 403).
 */
export async function checkCommunityPost(deps: Deps, communityId: string, authorId: string): Promise<void> {
  const c = await communitiesRepo.byId(deps.db, communityId);
  if (!c) throw problems.invalidParam('community_id', communityId, `The community_id ${communityId} does not exist.`);
  if (!(await communitiesRepo.member(deps.db, communityId, authorId)))
    throw problems.forbidden('You are not permitted to post in this Community: you are not a member of it.');
}

/** GET /2/communities/{id}: a missing community is a partial error in a 200, as other lookups. */
export async function lookupCommunity(deps: Deps, id: string, fields: readonly string[]) {
  const c = await communitiesRepo.byId(deps.db, id);
  return c ? { data: communityView(c, fields) } : { errors: [partialError(notFound(id))] };
}

/** GET /2/communities/search: every word of the query in the name or description, newest first. */
export async function searchCommunities(
  deps: Deps,
  query: string,
  limit: number,
  position: Position | null,
  fields: readonly string[],
) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = await communitiesRepo.search(deps.db, words, limit, position?.cursor);
  const page = rows.slice(0, limit);
  const { next_token } = pageMeta(
    page.map((c) => c.id),
    rows.length > limit,
    false,
  );
  // SPEC Get2CommunitiesSearchResponse: `meta` holds only `next_token`.
  return {
    ...(page.length ? { data: page.map((c) => communityView(c, fields)) } : {}),
    meta: next_token ? { next_token } : {},
  };
}
