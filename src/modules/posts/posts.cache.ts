// Rows of recently read posts kept in memory, so hot lookups (GET /2/tweets?ids=…) skip reading and
// parsing full rows. Freshness comes from the store, so several processes on one database stay
// correct: every update or deletion of posts replaces a generation token in the same transaction
// (posts.repo.ts `touch`). A row checked under the current token is served as is; otherwise one
// covering read of versions says which rows to read again.
import type { Queryable } from '../../store/index.js';
import { postsRepo, type PostRow } from './posts.repo.js';

const MAX = 100_000;
type Entry = { row: PostRow; checked: string | null };
const entries = new Map<string, Entry>();

function remember(r: PostRow, checked: string | null): void {
  if (entries.size >= MAX) {
    // Evict the oldest tenth (a Map iterates in insertion order).
    let n = MAX / 10;
    for (const k of entries.keys()) { entries.delete(k); if (--n <= 0) break; }
  }
  entries.set(r.id, { row: r, checked });
}

/** Posts by id (order not kept; missing ids absent), as fresh as a read of the store. */
export async function cachedByIds(db: Queryable, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const generation = await postsRepo.generation(db);
  const out: PostRow[] = [];
  const unsure: string[] = [];
  for (const id of ids) {
    const e = entries.get(id);
    if (e && generation !== null && e.checked === generation) out.push(e.row);
    else unsure.push(id);
  }
  if (!unsure.length) return out;
  const versions = await postsRepo.versions(db, unsure);
  const stale = versions.filter((v) => entries.get(v.id)?.row.version !== v.version).map((v) => v.id);
  if (stale.length) for (const r of await postsRepo.byIds(db, stale)) remember(r, generation);
  for (const v of versions) {
    const e = entries.get(v.id);
    if (!e) continue;
    e.checked = generation;
    out.push(e.row);
  }
  return out;
}
