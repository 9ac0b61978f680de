// Users' X Chat public keys: a user registers versioned identity and signing keys (POST
// /2/users/{id}/public_keys, for themselves only); anyone in user context reads them, to encrypt a
// conversation key for that user. A version, once registered, is immutable: the same key again is
// answered as before, a different key under a taken version is a conflict.
import type { Deps } from '../../deps.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import { findUsersByIds, requireUser } from '../users/index.js';
import { publicKeysRepo, type PublicKeyRow } from './public-keys.repo.js';
import { ALL_KEY_FIELDS, publicKeyView } from './public-keys.view.js';

export type NewKey = {
  version: string;
  generate_version?: boolean;
  public_key: {
    public_key?: string;
    signing_public_key?: string;
    identity_public_key_signature?: string;
    signing_public_key_signature?: string;
    public_key_fingerprint?: string;
    registration_method?: string;
  };
};

const sameKey = (a: PublicKeyRow, b: PublicKeyRow) =>
  a.public_key === b.public_key &&
  a.signing_public_key === b.signing_public_key &&
  a.identity_public_key_signature === b.identity_public_key_signature;

/** A server-made version: the clock's milliseconds, past every version the user has (numeric ones). */
async function nextVersion(deps: Deps, userId: string): Promise<string> {
  const taken = (await publicKeysRepo.ofUser(deps.db, userId)).map((k) => k.version);
  let v = BigInt(deps.clock.now());
  for (const t of taken) if (/^[0-9]{1,19}$/.test(t) && BigInt(t) >= v) v = BigInt(t) + 1n;
  return v.toString();
}

export async function addPublicKey(deps: Deps, userId: string, k: NewKey): Promise<Record<string, unknown>> {
  const version = k.generate_version ? await nextVersion(deps, userId) : k.version;
  const p = k.public_key;
  const row: PublicKeyRow = {
    user_id: userId,
    version,
    public_key: p.public_key ?? null,
    signing_public_key: p.signing_public_key ?? null,
    identity_public_key_signature: p.identity_public_key_signature ?? null,
    signing_public_key_signature: p.signing_public_key_signature ?? null,
    public_key_fingerprint: p.public_key_fingerprint ?? null,
    registration_method: p.registration_method ?? null,
    created_at: deps.clock.now(),
  };
  if (!row.public_key) throw problems.invalidParam('public_key.public_key', '', 'public_key.public_key is required');
  if (!(await publicKeysRepo.insert(deps.db, row))) {
    const before = (await publicKeysRepo.one(deps.db, userId, version))!;
    if (!sameKey(before, row))
      throw problems.conflict(`Public key version [${version}] is already registered with a different key.`);
    return publicKeyView(before, ALL_KEY_FIELDS, { now: deps.clock.now(), registering: true });
  }
  return publicKeyView(row, ALL_KEY_FIELDS, { now: deps.clock.now(), registering: true });
}

const noKeys = (id: string, parameter: string): ProblemBody =>
  partialError(
    problems.resourceNotFound({
      parameter,
      value: id,
      resource_type: 'user',
      detail: `Could not find public keys for user with ${parameter}: [${id}].`,
    }),
  );

/** Every key of one user, newest first; a user without keys is a partial error. */
export async function keysOfUser(deps: Deps, userId: string, fields: readonly string[]) {
  await requireUser(deps, userId);
  const rows = await publicKeysRepo.ofUser(deps.db, userId);
  const ctx = { now: deps.clock.now(), registering: false };
  if (!rows.length) return { errors: [noKeys(userId, 'id')] };
  return { data: rows.map((k) => publicKeyView(k, fields, ctx)) };
}

/**
 * The current (newest) key of each user asked for, in the order asked. SPEC 2.166 declares `data` a
 * single PublicKey, which cannot answer for several users; SPEC 2.167 (and XDK 0.6.6, generated from
 * it) made it an array, which is what is answered. Unknown users and users without keys are partial
 * errors.
 */
export async function currentKeys(deps: Deps, ids: readonly string[], fields: readonly string[]) {
  const users = new Set((await findUsersByIds(deps, [...ids])).map((u) => u.id));
  const newest = new Map<string, PublicKeyRow>();
  for (const k of await publicKeysRepo.ofUsers(deps.db, [...users]))
    if (!newest.has(k.user_id)) newest.set(k.user_id, k);
  const ctx = { now: deps.clock.now(), registering: false };
  const data = ids.flatMap((id) => (newest.has(id) ? [publicKeyView(newest.get(id)!, fields, ctx)] : []));
  const errors = ids
    .filter((id) => !newest.has(id))
    .map((id) =>
      users.has(id)
        ? noKeys(id, 'ids')
        : partialError(problems.resourceNotFound({ parameter: 'ids', value: id, resource_type: 'user' })),
    );
  return { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) };
}

/** Whether the user registered this key version (a conversation key must be encrypted to a real one). */
export async function hasKeyVersion(deps: Deps, userId: string, version: string): Promise<boolean> {
  return Boolean(await publicKeysRepo.one(deps.db, userId, version));
}

/** Whether the user registered any key (they can then take part in encrypted chat). */
export async function hasAnyKey(deps: Deps, userId: string): Promise<boolean> {
  return (await publicKeysRepo.ofUser(deps.db, userId)).length > 0;
}
