// Signing in on the authorize pages: username, and the password when one was set through the control
// API (scrypt, src/shared/secrets.ts). A session lets "Sign in with X" skip the form next time.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { alnum, hashPassword, sha256, verifyPassword } from '../../shared/secrets.js';
import { findUserById, findUserByUsername, type UserRow } from '../users/index.js';
import { oauthRepo } from './oauth.repo.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

let dummyHash: Promise<string> | null = null;

/** The user, or a 401 problem; an unknown name costs the same scrypt as a wrong password. */
export async function signIn(deps: Deps, username: string, password: string): Promise<UserRow> {
  const user = username ? await findUserByUsername(deps, username.replace(/^@/, '')) : undefined;
  dummyHash ??= hashPassword(alnum(16));
  let ok = !!user;
  if (user?.password_hash) ok = await verifyPassword(password, user.password_hash);
  else await verifyPassword(password, await dummyHash); // users without a password sign in by name
  if (!user || !ok)
    throw problems.blank(
      401,
      'The username and password you entered did not match our records. Please double-check and try again.',
    );
  return user;
}

/** A new session for the user; the returned id goes in a cookie, only its hash is stored. */
export async function startSession(deps: Deps, userId: string): Promise<string> {
  const id = alnum(48);
  const now = deps.clock.now();
  await oauthRepo.insertSession(deps.db, sha256(id), userId, now, now + SESSION_TTL_MS);
  return id;
}

export async function sessionUser(deps: Deps, sessionId: string | undefined): Promise<UserRow | null> {
  if (!sessionId) return null;
  const s = await oauthRepo.liveSession(deps.db, sha256(sessionId), deps.clock.now());
  return s ? ((await findUserById(deps, s.user_id)) ?? null) : null;
}
