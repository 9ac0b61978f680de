// Tokens the OAuth flows hand out and take back: the app-only bearer, OAuth 1.0a access tokens of a
// grant, OAuth 2.0 refresh rotation and revocation. Throws problems; knows nothing of HTTP.
import type { Deps } from '../deps.js';
import { problems } from '../shared/problems.js';
import { newBearerToken, safeEqual, sha256 } from '../shared/secrets.js';
import { appsRepo, type AppRow, type Permission } from './apps.repo.js';
import { issueAccessToken, issueOAuth2Tokens, narrower } from './apps.service.js';
import { openBearer, sealBearer } from './bearer-seal.js';
import { forgetCredentials } from './credentials.js';

/** Client secrets are stored hashed; compared in constant time. */
export const clientSecretMatches = (app: AppRow, secret: string) => safeEqual(sha256(secret), app.client_secret_hash);
export const consumerSecretMatches = (app: AppRow, secret: string) => safeEqual(secret, app.consumer_secret);

/**
 * The app's one live bearer (notes §12.1: repeated calls return the same token until invalidated).
 * A live bearer that cannot be opened (issued before 0002_oauth) stays valid; a sealed one is minted
 * beside it and is "the" bearer from then on (ADR 0005).
 */
export async function appBearer(deps: Deps, app: AppRow): Promise<string> {
  return deps.db.tx(async (tx) => {
    const live = await appsRepo.liveBearer(tx, app.id);
    const open = live ? openBearer(live.sealed, app.consumer_secret) : null;
    if (open) return open;
    const token = newBearerToken();
    await appsRepo.insertBearer(tx, sha256(token), app.id, deps.clock.now(), sealBearer(token, app.consumer_secret));
    return token;
  });
}

/** True when `token` was a live bearer of `app` and is now invalidated. */
export async function invalidateAppBearer(deps: Deps, app: AppRow, token: string): Promise<boolean> {
  const changed = await appsRepo.invalidateBearer(deps.db, app.id, sha256(token), deps.clock.now());
  forgetCredentials(deps);
  return changed > 0;
}

/**
 * The access token of a user's grant to an app. Approving again at the same level returns the same
 * pair, as the real service does; a different level replaces it (the old pair dies at once).
 */
export async function grantAccessToken(deps: Deps, app: AppRow, userId: string, access: Permission) {
  const level = narrower(access, app.permission);
  const live = await appsRepo.liveOauth1Token(deps.db, app.id, userId);
  if (live && live.access === level) return { oauth_token: live.token, oauth_token_secret: live.secret };
  return issueAccessToken(deps, app, userId, level);
}

/** Whether the user already granted the app at least `access` (the authenticate shortcut). */
export async function hasGrant(deps: Deps, app: AppRow, userId: string, access: Permission): Promise<boolean> {
  const live = await appsRepo.liveOauth1Token(deps.db, app.id, userId);
  return !!live && narrower(live.access, access) === access;
}

export async function invalidateAccessToken(deps: Deps, token: string): Promise<void> {
  await appsRepo.invalidateOauth1Token(deps.db, token, deps.clock.now());
  forgetCredentials(deps);
}

const invalidRefresh = () => problems.oauth2(400, 'invalid_request', 'Value passed for the token was invalid.');

/**
 * Refresh-token rotation: the presented token is spent and a new pair issued in the same family
 * (earlier access tokens live out their two hours). Presenting a spent refresh token again revokes
 * the whole family (RFC 6819 §5.2.2.3).
 */
export async function refreshOAuth2(deps: Deps, app: AppRow, refreshToken: string) {
  const now = deps.clock.now();
  const result = await deps.db.tx(async (tx) => {
    const row = await appsRepo.oauth2Token(tx, sha256(refreshToken));
    if (!row || row.kind !== 'refresh' || row.app_id !== app.id) return null;
    // Spent already (or by a concurrent refresh this instant): treat as stolen.
    if (row.revoked_at !== null || (await appsRepo.revokeOauth2Token(tx, row.token_hash, now)) === 0) {
      await appsRepo.revokeOauth2Family(tx, row.family, now);
      return null;
    }
    return issueOAuth2Tokens(deps, app, row.user_id, row.scopes.split(' ').filter(Boolean), row.family, tx);
  });
  forgetCredentials(deps);
  if (!result) throw invalidRefresh();
  return result;
}

/** RFC 7009: revoking an unknown token is not an error; a refresh token takes its family along. */
export async function revokeOAuth2(deps: Deps, app: AppRow, token: string): Promise<void> {
  const row = await appsRepo.oauth2Token(deps.db, sha256(token));
  if (!row || row.app_id !== app.id) return;
  const now = deps.clock.now();
  if (row.kind === 'refresh') await appsRepo.revokeOauth2Family(deps.db, row.family, now);
  else await appsRepo.revokeOauth2Token(deps.db, row.token_hash, now);
  forgetCredentials(deps);
}

/** Every token issued from one grant (a reused authorization code's harvest). */
export async function revokeOAuth2Family(deps: Deps, family: string): Promise<void> {
  await appsRepo.revokeOauth2Family(deps.db, family, deps.clock.now());
  forgetCredentials(deps);
}
