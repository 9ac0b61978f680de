// Domain → wire shape of the v2 List object: `id` and `name` always, the rest on request.
import { isoMillis } from '../../shared/clock.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { ListRow } from './lists.repo.js';

const RENDER: Renderers<ListRow> = {
  created_at: (l) => isoMillis(l.created_at),
  description: (l) => l.description,
  follower_count: (l) => l.follower_count,
  member_count: (l) => l.member_count,
  owner_id: (l) => l.owner_id,
  private: (l) => l.private === 1,
};

export function listView(l: ListRow, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: l.id, name: l.name };
  return pick(RENDER, l, fields, out);
}
