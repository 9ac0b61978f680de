// User rows kept in the server's memory for rendering (authors of every post lookup), fresh as of the store:
// every write of the users table replaces a generation token in the same transaction
// (users.repo.ts `touch`); rows checked under the current token are served as they are, the rest
// are read again. Several processes sharing one PostgreSQL stay correct.
import { createRowCache, inMoment, momentRows, type RowCache } from '../../shared/row-cache.js';
import type { Queryable } from '../../store/index.js';
import { accountOf, usersRepo, type AccountRow, type UserRow } from './users.repo.js';

declare module '../../deps.js' {
  interface Runtime {
    /** This server's user rows. */
    userRows: RowCache<UserRow>;
    /** This server's user rows without their counters (the actors and targets of writes). */
    accountRows: RowCache<AccountRow>;
    /** This server's usernames (lower case) and the ids holding them (a post's mentions). */
    usernameIds: RowCache<UsernameId>;
  }
}

export const createUserRows = () => createRowCache<UserRow>(50_000);
export const createAccountRows = () => createRowCache<AccountRow>(50_000);
/** A username (lower case, `id`) and the id of the account holding it, or null where none does. */
export type UsernameId = { id: string; user: string | null };
export const createUsernameIds = () => createRowCache<UsernameId>(50_000);

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
  // Where the token would cost a round trip first (posts.cache.ts `cachedByIds`), the rows come with
  // it: a background step's rows (its first lookup, or after this process wrote users: under a write
  // load each post moves its author's counter, so the token is new and every author read again
  // anyway), or rows not held checked.
  if (usersRepo.tokenWithRows(db) && (inMoment(db) || rest.some((id) => !cache.get(id)?.checked))) {
    const read = (await usersRepo.checkedByIds(db, rest)).map(({ row, checked }) => {
      cache.remember(row, checked);
      return row;
    });
    stepRows.keep(db, read);
    return out.concat(read);
  }
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

/**
 * username (lower case) → id of the named accounts that exist (a post's mentions), kept under the
 * accounts' token, which every write of an account but a counter's move replaces (its creation, its
 * new username), names no account holds included: a post's mentions are looked up once, not once a
 * post (issue #23: a read a post on the embedded store). `read` looks up the names not known. Not for
 * a transaction's reads: it may have changed an account, and replaces the token only as it commits.
 */
export async function cachedIdsByUsernames(
  cache: RowCache<UsernameId>,
  db: Queryable,
  names: readonly string[],
  read: (names: string[]) => Promise<Map<string, string>>,
): Promise<Map<string, string>> {
  const generation = await usersRepo.accountGeneration(db);
  const { hits, unsure } = cache.split(names, generation);
  const ids = new Map<string, string>();
  for (const h of hits) if (h.user !== null) ids.set(h.id, h.user);
  if (!unsure.length) return ids;
  const found = await read(unsure);
  for (const name of unsure) {
    const user = found.get(name) ?? null;
    cache.remember({ id: name, user }, generation);
    if (user !== null) ids.set(name, user);
  }
  return ids;
}
