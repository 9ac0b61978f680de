// Domain → wire shape of the v2 Community object: `id` and `name` always, the rest on request
// (`community.fields`: access, created_at, description, join_policy, member_count; SPEC).
import { isoMillis } from '../../shared/clock.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { CommunityRow } from './communities.repo.js';

const RENDER: Renderers<CommunityRow> = {
  access: (c) => c.access,
  created_at: (c) => isoMillis(c.created_at),
  description: (c) => c.description || undefined,
  join_policy: (c) => c.join_policy,
  member_count: (c) => c.member_count,
};

export function communityView(c: CommunityRow, fields: readonly string[]): Record<string, unknown> {
  return pick(RENDER, c, fields, { id: c.id, name: c.name });
}

/** The control API's view: every field. */
export const adminCommunityView = (c: CommunityRow) => ({
  ...communityView(c, Object.keys(RENDER)),
  creator_id: c.creator_id,
});
