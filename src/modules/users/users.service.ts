// Rules for creating and finding users. Throws problems; knows nothing of HTTP.
import type { Deps } from '../../deps.js';
import { echo, problems } from '../../shared/problems.js';
import { hashPassword } from '../../shared/secrets.js';
import { perTurnOn } from '../../shared/turn-batch.js';
import { chunks } from '../../shared/arrays.js';
import type { Queryable } from '../../store/index.js';
import { cachedAccount, cachedIdsByUsernames, cachedUsersByIds } from './users.cache.js';
import { usersRepo, type AccountRow, type Counter, type UserRow } from './users.repo.js';

export const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
export const ID = /^[0-9]{1,19}$/;

export type NewUser = {
  id?: string;
  username: string;
  name: string;
  description?: string;
  location?: string;
  url?: string;
  profile_image_url?: string;
  verified?: boolean;
  protected?: boolean;
  premium?: boolean;
  password?: string;
  /** Service time of sign-up; defaults to now (the demo dataset backdates its users). */
  created_at?: number;
  /** The account's email address, shown as `confirmed_email` to its owner with the users.email scope. */
  email?: string;
  /** A suspended account (control API): lookups and timelines answer resource-unavailable. */
  suspended?: boolean;
};

function check(ok: boolean, field: string, value: unknown, message: string) {
  // echo, not String(): a control-API body may carry any JSON, e.g. {"toString": {}}, where String() throws.
  if (!ok) throw problems.invalidParam(field, echo(value ?? ''), message);
}

const isHttpUrl = (v: unknown, max: number) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v) && v.length <= max;

/** Validates the way the real sign-up and profile settings do: lengths and username alphabet. */
export function validateNewUser(u: NewUser): void {
  check(
    typeof u.username === 'string' && USERNAME.test(u.username),
    'username',
    u.username,
    'username must be 1 to 15 letters, digits or underscores',
  );
  check(
    typeof u.name === 'string' && u.name.length >= 1 && [...u.name].length <= 50,
    'name',
    u.name,
    'name must be 1 to 50 characters',
  );
  check(
    u.id === undefined || (typeof u.id === 'string' && ID.test(u.id)),
    'id',
    u.id,
    'id must be a string of 1 to 19 digits',
  );
  check(
    u.description === undefined || (typeof u.description === 'string' && [...u.description].length <= 160),
    'description',
    u.description,
    'description must be at most 160 characters',
  );
  check(
    u.location === undefined || (typeof u.location === 'string' && [...u.location].length <= 30),
    'location',
    u.location,
    'location must be at most 30 characters',
  );
  check(
    u.url === undefined || isHttpUrl(u.url, 100),
    'url',
    u.url,
    'url must be an http(s) URL of at most 100 characters',
  );
  check(
    u.profile_image_url === undefined || isHttpUrl(u.profile_image_url, 1000),
    'profile_image_url',
    u.profile_image_url,
    'profile_image_url must be an http(s) URL of at most 1000 characters',
  );
  check(
    u.password === undefined || (typeof u.password === 'string' && u.password.length >= 8),
    'password',
    '***',
    'password must be at least 8 characters',
  );
  for (const flag of ['verified', 'protected', 'premium'] as const) {
    check(u[flag] === undefined || typeof u[flag] === 'boolean', flag, u[flag], `${flag} must be a boolean`);
  }
}

export async function createUser(deps: Deps, input: NewUser): Promise<UserRow> {
  validateNewUser(input);
  if (await usersRepo.byUsername(deps.db, input.username)) {
    throw problems.invalidParam('username', input.username, `username ${input.username} is already taken`);
  }
  const id = input.id ?? deps.ids.next();
  if (input.id && (await usersRepo.byId(deps.db, id)))
    throw problems.invalidParam('id', id, `a user with id ${id} already exists`);
  await usersRepo.insert(deps.db, {
    id,
    username: input.username,
    name: input.name,
    description: input.description ?? '',
    location: input.location ?? null,
    url: input.url ?? null,
    profile_image_url: input.profile_image_url ?? null,
    verified: input.verified ? 1 : 0,
    protected: input.protected ? 1 : 0,
    premium: input.premium ? 1 : 0,
    password_hash: input.password ? await hashPassword(input.password) : null,
    created_at: input.created_at ?? deps.clock.now(),
    email: input.email ?? null,
    suspended: input.suspended ? 1 : 0,
  });
  return (await usersRepo.byId(deps.db, id))!;
}

export const findUserById = (deps: Deps, id: string) => usersRepo.byId(deps.db, id);
export const findUserByUsername = (deps: Deps, username: string) => usersRepo.byUsername(deps.db, username);

export const findUsersByIds = (deps: Deps, ids: readonly string[]) => usersRepo.byIds(deps.db, ids);
/** The same rows through the in-memory cache (rendering hot paths; order not kept). */
export const cachedUsers = (deps: Deps, ids: readonly string[]) =>
  cachedUsersByIds(deps.runtime.userRows, deps.db, ids);
export const findUsersByUsernames = (deps: Deps, names: readonly string[]) => usersRepo.byUsernames(deps.db, names);
/** Names looked up a statement at a time: the IN list stays well under every store's parameter cap. */
const NAMES_PER_READ = 500;
/** username (lower case) → id of the named accounts that exist (a post's mentions), read on `db`. */
async function findUserIdsByUsernames(db: Queryable, names: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(names, NAMES_PER_READ))
    for (const u of await usersRepo.idsByUsernames(db, part)) ids.set(u.username_lower, u.id);
  return ids;
}
const idLookup = perTurnOn((db: Queryable, names: string[]) => findUserIdsByUsernames(db, names));
/**
 * The same, through the server's cache of names (users.cache.ts `cachedIdsByUsernames`); the names it
 * does not know are read, on a shared store with the other lookups of this turn: one read
 * (shared/turn-batch.ts).
 */
export async function userIdsByUsernames(deps: Deps, names: readonly string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const { db } = deps;
  const lower = names.map((n) => n.toLowerCase());
  const read = db.embedded
    ? (missing: string[]) => findUserIdsByUsernames(db, missing)
    : (missing: string[]) => idLookup(db, missing);
  return cachedIdsByUsernames(deps.runtime.usernameIds, db, lower, read);
}
/** Counter changes made by the relation modules inside their own transactions. */
export const bumpUserCounter = (db: Queryable, id: string, counter: Counter, delta: number) =>
  usersRepo.bump(db, id, counter, delta);
export const setUserCounters = (db: Queryable, id: string, c: Partial<Record<Counter, number>>) =>
  usersRepo.setCounters(db, id, c);
/** Holds the user's row until the transaction ends: the user's writes on every node, one at a time. */
export const lockUser = (db: Queryable, id: string) => usersRepo.lock(db, id);
export const setPinnedPost = (db: Queryable, id: string, postId: string | null) => usersRepo.setPinned(db, id, postId);
export const unpinPost = (db: Queryable, authorId: string, postId: string) => usersRepo.unpinPost(db, authorId, postId);

/**
 * Finds a user or throws the real not-found problem naming the parameter. The row comes without its
 * counters, through the accounts' cache (users.cache.ts): a write's actor or target is read once, not
 * once a write; `requireUserRow` reads the whole row.
 */
export async function requireUser(
  deps: Deps,
  id: string,
  parameter = 'id',
  db: Queryable = deps.db,
): Promise<AccountRow> {
  const u = await cachedAccount(deps.runtime.accountRows, db, id);
  if (!u) throw problems.resourceNotFound({ parameter, value: id, resource_type: 'user' });
  return u;
}

/** The same, with the whole row read (counters included): for answers that show the account. */
export async function requireUserRow(deps: Deps, id: string, parameter = 'id'): Promise<UserRow> {
  const u = await usersRepo.byId(deps.db, id);
  if (!u) throw problems.resourceNotFound({ parameter, value: id, resource_type: 'user' });
  return u;
}

export type ProfilePatch = Partial<
  Pick<
    NewUser,
    'name' | 'username' | 'description' | 'location' | 'url' | 'profile_image_url' | 'verified' | 'protected'
  >
>;

/**
 * Changes profile fields inside the caller's transaction (the control API's PATCH /_aviary/users/{id},
 * whose profile.update.* activity events ride the same transaction). Validated as at sign-up.
 */
export async function updateUserProfile(
  db: Queryable,
  id: string,
  patch: ProfilePatch,
): Promise<{ before: UserRow; after: UserRow }> {
  const before = await usersRepo.byId(db, id);
  if (!before) throw problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'user' });
  const opt = (v: string | null) => v ?? undefined;
  validateNewUser({
    username: before.username,
    name: before.name,
    description: before.description,
    location: opt(before.location),
    url: opt(before.url),
    ...patch,
  });
  if (
    patch.username !== undefined &&
    patch.username.toLowerCase() !== before.username_lower &&
    (await usersRepo.byUsername(db, patch.username))
  ) {
    throw problems.invalidParam('username', patch.username, `username ${patch.username} is already taken`);
  }
  const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
  const fields = { ...patch, verified: flag(patch.verified), protected: flag(patch.protected) };
  for (const k of Object.keys(fields) as (keyof typeof fields)[]) if (fields[k] === undefined) delete fields[k];
  await usersRepo.updateProfile(db, id, fields);
  return { before, after: (await usersRepo.byId(db, id))! };
}

/**
 * GET /2/users/search: users whose username, name or description holds every word of the query;
 * the exact username first, then the most followed. Pages by position (the token holds an offset).
 */
export async function searchUsers(
  deps: Deps,
  query: string,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; nextOffset: number | null }> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return { ids: [], nextOffset: null };
  const rows = await usersRepo.search(deps.db, words, query.trim().toLowerCase(), limit, offset);
  return { ids: rows.slice(0, limit).map((u) => u.id), nextOffset: rows.length > limit ? offset + limit : null };
}

/** GET /2/users/{id}/affiliates: the organization's affiliated users, a page by user id. */
export async function affiliatesOf(
  deps: Deps,
  orgId: string,
  limit: number,
  afterUserId?: string,
): Promise<{ ids: string[]; more: boolean }> {
  await requireUser(deps, orgId);
  const rows = await usersRepo.affiliates(deps.db, orgId, limit, afterUserId);
  return { ids: rows.slice(0, limit).map((r) => r.user_id), more: rows.length > limit };
}

/** Control API: affiliates `userId` with the organization `orgId` (or ends it); whether it changed. */
export async function setAffiliate(deps: Deps, orgId: string, userId: string, on: boolean): Promise<boolean> {
  await requireUser(deps, orgId);
  await requireUser(deps, userId, 'user_id');
  return usersRepo.setAffiliate(deps.db, orgId, userId, on, deps.clock.now());
}
