// User rows kept in the server's memory for rendering (authors of every post lookup), fresh as of the store:
// every write of the users table replaces a generation token in the same transaction
// (users.repo.ts `touch`); rows checked under the current token are served as they are, the rest
// are read again. Several processes sharing one PostgreSQL stay correct.
import { createRowCache, momentRows, type RowCache } from '../../shared/row-cache.js';
import type { Queryable } from '../../store/index.js';
import { accountOf, usersRepo, type AccountRow, type UserRow } from './users.repo.js';

declare module '../../deps.js' {
  interface Runtime {
    /** This server's user rows. */
    userRows: RowCache<UserRow>;
    /** This server's user rows without their counters (the actors and targets of writes). */
    accountRows: RowCache<AccountRow>;
  }
}

export const createUserRows = () => createRowCache<UserRow>(50_000);
export const createAccountRows = () => createRowCache<AccountRow>(50_000);

/** Rows a background step read (`oneMoment`), for its later lookups. */
const stepRows = momentRows<UserRow>();

export async function cachedUsersByIds(
  cache: RowCache<UserRow>,
  db: Queryable,
  ids: readonly string[],
): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const { rows: out, rest } = stepRows.take(db, ids);
  if (!rest.length) return out;
  const generation = await usersRepo.generation(db);
  const { hits, unsure } = cache.split(rest, generation);
  const read = unsure.length ? await usersRepo.byIds(db, unsure) : [];
  for (const row of read) cache.remember(row, generation);
  stepRows.keep(db, hits);
  stepRows.keep(db, read);
  return out.concat(hits, read);
}

/**
 * A user's row without its counters, kept under the accounts' token, which a counter's move does not
 * replace (users.repo.ts `touch`): a post's author read once, not once a post (issue #23). Inside a
 * transaction (`atCommit`) the row is read: the transaction may have changed it, and replaces the
 * token only as it commits.
 */
export async function cachedAccount(
  cache: RowCache<AccountRow>,
  db: Queryable,
  id: string,
): Promise<AccountRow | undefined> {
  if (db.atCommit) return usersRepo.byId(db, id);
  const generation = await usersRepo.accountGeneration(db);
  const held = cache.get(id);
  if (held && generation !== null && held.checked === generation) return held.row;
  const row = await usersRepo.byId(db, id);
  if (!row) return undefined;
  const account = accountOf(row);
  cache.remember(account, generation);
  return account;
}
