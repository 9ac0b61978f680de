// The OAuth 1.0a three-legged flow (notes §11.2; seed, Authorization endpoints): request token →
// the user's decision on the authorize page → access token. Throws problems; knows nothing of HTTP.
import {
  getApp,
  grantAccessToken,
  hasGrant,
  narrower,
  oauth1Problems,
  queryOf,
  verifyOAuth1,
  type AppRow,
  type Pair,
  type Permission,
  type SignedRequest,
} from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { alnum, safeEqual, sha256 } from '../../shared/secrets.js';
import { randomInt } from 'node:crypto';
import { findUserById, type UserRow } from '../users/index.js';
import { oauthRepo, type RequestTokenRow } from './oauth.repo.js';

/** How long a request token waits for the user; the real figure is not published. */
export const REQUEST_TOKEN_TTL_MS = 15 * 60 * 1000;

const callbackNotApproved = () =>
  problems.v1(
    403,
    415,
    'Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings',
  );
// Clients compare this exact text (notes §11.2).
const badVerifier = () => {
  const text = 'Error processing your OAuth request: Invalid oauth_verifier parameter';
  return problems.blank(401, text, { plain: text });
};

/** A registered callback, compared without its query string (apps often add their own state there). */
export function callbackRegistered(app: AppRow, callback: string): boolean {
  const bare = (u: string) => u.split('?')[0]!;
  return (JSON.parse(app.callback_urls) as string[]).some((c) => c === callback || bare(c) === bare(callback));
}

/** The first param of a signed request, wherever the client put it (header, query or form). */
export function signedParam(r: SignedRequest, params: readonly Pair[], name: string): string | undefined {
  const named = ([k]: Pair) => k === name;
  return params.find(named)?.[1] ?? r.form.find(named)?.[1] ?? queryOf(r).find(named)?.[1];
}

function requestedAccess(app: AppRow, accessType: string | undefined): Permission {
  if (accessType === undefined || accessType === '') return app.permission;
  if (accessType === 'read') return 'read';
  if (accessType === 'write') return narrower('read-write', app.permission);
  throw oauth1Problems.badAuthenticationData();
}

/** `POST /oauth/request_token`, signed by the app alone. */
export async function createRequestToken(deps: Deps, r: SignedRequest) {
  const { app, params } = await verifyOAuth1(deps, r);
  const callback = signedParam(r, params, 'oauth_callback');
  if (!callback) throw oauth1Problems.badAuthenticationData();
  if (callback !== 'oob' && !callbackRegistered(app, callback)) throw callbackNotApproved();
  const access = requestedAccess(app, signedParam(r, params, 'x_auth_access_type'));
  const now = deps.clock.now();
  const token = { token: alnum(27), secret: alnum(32) };
  await oauthRepo.insertRequestToken(deps.db, {
    ...token,
    app_id: app.id,
    callback,
    access,
    created_at: now,
    expires_at: now + REQUEST_TOKEN_TTL_MS,
  });
  return { oauth_token: token.token, oauth_token_secret: token.secret, oauth_callback_confirmed: 'true' };
}

export type PendingRequest = { row: RequestTokenRow; app: AppRow };

// The real page's wording for a spent or unknown request token.
const tokenNoLongerValid = () =>
  problems.blank(
    401,
    'This page is no longer valid. It looks like someone already used the token information you provided. Please return to the site that sent you to this page and try again … it was probably an honest mistake.',
    { v1: { code: 89, message: 'Invalid or expired token.' } },
  );

const livePending = (deps: Deps, row: RequestTokenRow | undefined) =>
  !!row && row.used_at === null && row.verifier_hash === null && row.expires_at > deps.clock.now();

/** The request token a page is about; 401 89 when it is unknown, spent, decided or expired. */
export async function pendingRequest(deps: Deps, token: string | undefined): Promise<PendingRequest> {
  const row = token ? await oauthRepo.requestToken(deps.db, token) : undefined;
  if (!livePending(deps, row)) throw tokenNoLongerValid();
  return { row: row!, app: await getApp(deps, row!.app_id) };
}

/** "Sign in with X": no second approval when the user already granted this app as much. */
export const alreadyGranted = (deps: Deps, p: PendingRequest, user: UserRow) =>
  hasGrant(deps, p.app, user.id, p.row.access);

/** Approval: a verifier goes back by the callback, or as a PIN for `oob`. */
export async function approve(
  deps: Deps,
  p: PendingRequest,
  user: UserRow,
): Promise<{ redirect: string } | { pin: string }> {
  const oob = p.row.callback === 'oob';
  const verifier = oob ? String(randomInt(1_000_000, 10_000_000)) : alnum(32);
  if (!(await oauthRepo.approveRequestToken(deps.db, p.row.token, user.id, sha256(verifier))))
    throw tokenNoLongerValid();
  if (oob) return { pin: verifier };
  const url = new URL(p.row.callback);
  url.searchParams.set('oauth_token', p.row.token);
  url.searchParams.set('oauth_verifier', verifier);
  return { redirect: url.toString() };
}

/** Cancel: the callback hears `denied=<token>` (nothing to redirect to for `oob`). */
export async function deny(deps: Deps, p: PendingRequest): Promise<{ redirect: string | null }> {
  await oauthRepo.spendRequestToken(deps.db, p.row.token, deps.clock.now());
  if (p.row.callback === 'oob') return { redirect: null };
  const url = new URL(p.row.callback);
  url.searchParams.set('denied', p.row.token);
  return { redirect: url.toString() };
}

/** `POST /oauth/access_token`: signed with the request token; the verifier spends it. */
export async function exchangeForAccessToken(deps: Deps, r: SignedRequest) {
  const verified = await verifyOAuth1(deps, r, async (t) => {
    const row = await oauthRepo.requestToken(deps.db, t);
    return row && row.used_at === null && row.expires_at > deps.clock.now() ? row : null;
  });
  const { app } = verified;
  const verifier = signedParam(r, verified.params, 'oauth_verifier') ?? '';
  const row = verified.token!;
  if (!row.verifier_hash || !row.user_id || !safeEqual(sha256(verifier), row.verifier_hash)) throw badVerifier();
  if (!(await oauthRepo.spendRequestToken(deps.db, row.token, deps.clock.now()))) throw badVerifier();
  const user = await findUserById(deps, row.user_id);
  if (!user) throw oauth1Problems.invalidToken();
  const pair = await grantAccessToken(deps, app, user.id, row.access);
  return { ...pair, user_id: user.id, screen_name: user.username };
}
