// User rows kept in memory for rendering (authors of every post lookup), fresh as of the store:
// every write of the users table replaces a generation token in the same transaction
// (users.repo.ts `touch`); rows checked under the current token are served as they are, the rest
// are read again. Several processes sharing one PostgreSQL stay correct.
import type { Queryable } from '../../store/index.js';
import { usersRepo, type UserRow } from './users.repo.js';

const MAX = 50_000;
type Entry = { row: UserRow; checked: string | null };
const entries = new Map<string, Entry>();

export async function cachedUsersByIds(db: Queryable, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const generation = await usersRepo.generation(db);
  const out: UserRow[] = [];
  const unsure: string[] = [];
  for (const id of ids) {
    const e = entries.get(id);
    if (e && generation !== null && e.checked === generation) out.push(e.row);
    else unsure.push(id);
  }
  if (!unsure.length) return out;
  if (entries.size >= MAX) entries.clear();
  for (const row of await usersRepo.byIds(db, unsure)) {
    entries.set(row.id, { row, checked: generation });
    out.push(row);
  }
  return out;
}
