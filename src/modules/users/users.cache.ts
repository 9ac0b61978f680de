// User rows kept in the server's memory for rendering (authors of every post lookup), fresh as of the store:
// every write of the users table replaces a generation token in the same transaction
// (users.repo.ts `touch`); rows checked under the current token are served as they are, the rest
// are read again. Several processes sharing one PostgreSQL stay correct.
import { createRowCache, type RowCache } from '../../shared/row-cache.js';
import type { Queryable } from '../../store/index.js';
import { usersRepo, type UserRow } from './users.repo.js';

declare module '../../deps.js' {
  interface Runtime {
    /** This server's user rows. */
    userRows: RowCache<UserRow>;
  }
}

export const createUserRows = () => createRowCache<UserRow>(50_000);

export async function cachedUsersByIds(
  cache: RowCache<UserRow>,
  db: Queryable,
  ids: readonly string[],
): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const generation = await usersRepo.generation(db);
  const { hits: out, unsure } = cache.split(ids, generation);
  for (const row of unsure.length ? await usersRepo.byIds(db, unsure) : []) {
    cache.remember(row, generation);
    out.push(row);
  }
  return out;
}
