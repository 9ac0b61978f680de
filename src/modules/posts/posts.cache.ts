// Rows of recently read posts kept in the server's memory, so hot lookups (GET /2/tweets?ids=…) skip reading and
// parsing full rows. Freshness comes from the store, so several processes on one database stay
// correct: every update or deletion of posts replaces a generation token in the same transaction
// (posts.repo.ts `touch`). A row checked under the current token is served as is; otherwise one
// covering read of versions says which rows to read again.
import { createRowCache, type RowCache } from '../../shared/row-cache.js';
import type { Queryable } from '../../store/index.js';
import { POST_COLUMNS, postsRepo, type PostRow } from './posts.repo.js';

declare module '../../deps.js' {
  interface Runtime {
    /** This server's post rows (rows with the same id on another server are another post). */
    postRows: RowCache<PostRow>;
  }
}

export const createPostRows = () => createRowCache<PostRow>(100_000);

/** Posts by id (order not kept; missing ids absent), as fresh as a read of the store. */
export async function cachedByIds(cache: RowCache<PostRow>, db: Queryable, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const generation = await postsRepo.generation(db);
  const { hits: out, unsure } = cache.split(ids, generation);
  if (!unsure.length) return out;
  // One covering read of versions says which unsure rows changed; only those are read again.
  const versions = await postsRepo.versions(db, unsure);
  const stale = versions.filter((v) => cache.get(v.id)?.row.version !== v.version).map((v) => v.id);
  if (stale.length) for (const r of await postsRepo.byIds(db, stale)) cache.remember(r, generation);
  for (const v of versions) {
    const e = cache.get(v.id);
    if (!e) continue;
    e.checked = generation;
    out.push(e.row);
  }
  return out;
}

/**
 * Posts this server has just written, remembered in their stored form (issue #23): the streams, the
 * fan-out and the search indexer read each new post moments after its commit, a whole row each.
 * Remembered unchecked, so a read still checks their version first (`cachedByIds`: one covering read),
 * whatever happened to them since.
 */
export function rememberWritten(cache: RowCache<PostRow>, rows: readonly PostRow[]): void {
  for (const r of rows) cache.remember(storedForm(r), null);
}

/** The row as the store gives it back: every column, null where nothing was written, version 0. */
function storedForm(r: PostRow): PostRow {
  const row: Record<string, unknown> = {};
  for (const c of POST_COLUMNS) row[c] = r[c] ?? null;
  row.version = 0;
  return row as PostRow;
}
