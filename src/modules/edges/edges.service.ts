// Paging over edges with opaque tokens: a page of far-end ids plus its meta, for every edge list
// (followers, following, likers, list members…). The callers hydrate the ids into objects.
import type { Deps } from '../../deps.js';
import { pageMeta, type PageMeta, type Position } from '../../shared/cursor.js';
import { edgesRepo, type EdgeTable, type Side } from './edges.repo.js';

export type IdPage = { ids: string[]; meta: PageMeta };

export async function edgePage(
  deps: Deps,
  table: EdgeTable,
  side: Side,
  key: string,
  limit: number,
  position: Position | null,
): Promise<IdPage> {
  const o = position?.dir === 'prev' ? { limit, before: position.cursor } : { limit, after: position?.cursor };
  const { rows, more, earlier } = await edgesRepo.page(deps.db, table, side, key, o);
  return {
    ids: rows.map((r) => r.k),
    meta: pageMeta(
      rows.map((r) => r.id),
      more,
      earlier,
    ),
  };
}
