// OAuth 2.0 Authorization Code with PKCE (notes §12.2): the authorize request, the code (30 s,
// single use), the token endpoint (authorization_code, refresh_token with rotation) and revocation,
// for public and confidential clients. Throws problems; knows nothing of HTTP.
import { createHash, randomBytes } from 'node:crypto';
import {
  clientSecretMatches,
  findAppByClientId,
  isScope,
  issueOAuth2Tokens,
  refreshOAuth2,
  revokeOAuth2,
  revokeOAuth2Family,
  type AppRow,
} from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { safeEqual, sha256 } from '../../shared/secrets.js';
import type { UserRow } from '../users/index.js';
import { oauthRepo } from './oauth.repo.js';

export const CODE_TTL_MS = 30_000;

export type Params = Record<string, string | undefined>;
export type AuthorizeRequest = {
  app: AppRow;
  redirectUri: string;
  scopes: string[];
  state: string;
  challenge: string;
  method: 'S256' | 'plain';
};
/** A refusal that, once the redirect URI is known good, goes back to the client (RFC 6749 §4.1.2.1). */
export type AuthorizeRefusal = { refused: string; description: string; redirect: string };

const pageError = (detail: string) => problems.blank(400, detail);

function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Client and redirect URI first (a bad one is shown, never redirected to), then the rest. */
export async function checkAuthorizeRequest(deps: Deps, q: Params): Promise<AuthorizeRequest | AuthorizeRefusal> {
  const app = q.client_id ? await findAppByClientId(deps, q.client_id) : undefined;
  if (!app) throw pageError('Something went wrong. The client_id is missing or does not belong to an app.');
  const redirectUri = q.redirect_uri ?? '';
  // Exact match with a registered callback (DOCS authorization-code); no open redirects.
  if (!(JSON.parse(app.callback_urls) as string[]).includes(redirectUri)) {
    throw pageError('Something went wrong. The redirect_uri does not match a callback URL registered for this app.');
  }
  const refuse = (refused: string, description: string): AuthorizeRefusal => ({
    refused,
    description,
    redirect: withParams(redirectUri, {
      error: refused,
      error_description: description,
      ...(q.state ? { state: q.state } : {}),
    }),
  });
  if (q.response_type !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  const scopes = [...new Set((q.scope ?? '').split(/[ +]/).filter(Boolean))];
  if (!scopes.length || scopes.some((s) => !isScope(s))) return refuse('invalid_scope', 'scope must list known scopes');
  if (!q.state || q.state.length > 500) return refuse('invalid_request', 'state is required (at most 500 characters)');
  // TAV2 and TAS send `s256` in lower case, XDK `S256` (notes §12.2).
  const method = (q.code_challenge_method ?? 'plain').toLowerCase();
  if (method !== 's256' && method !== 'plain')
    return refuse('invalid_request', 'code_challenge_method must be S256 or plain');
  if (!q.code_challenge || !/^[A-Za-z0-9._~-]{1,128}$/.test(q.code_challenge))
    return refuse('invalid_request', 'code_challenge is required');
  return {
    app,
    redirectUri,
    scopes,
    state: q.state,
    challenge: q.code_challenge,
    method: method === 's256' ? 'S256' : 'plain',
  };
}

export const isRefusal = (r: AuthorizeRequest | AuthorizeRefusal): r is AuthorizeRefusal => 'refused' in r;

/** Approval: a code valid 30 s on the service clock, stored hashed, sent back with the state. */
export async function issueCode(deps: Deps, a: AuthorizeRequest, user: UserRow): Promise<string> {
  const now = deps.clock.now();
  // Real codes are base64 of `<random>:<epoch ms>:1:1:ac:1` (notes §12.2).
  const code = Buffer.from(`${randomBytes(30).toString('base64url')}:${now}:1:1:ac:1`).toString('base64url');
  await oauthRepo.insertCode(deps.db, {
    code_hash: sha256(code),
    app_id: a.app.id,
    user_id: user.id,
    redirect_uri: a.redirectUri,
    scopes: a.scopes.join(' '),
    challenge: a.challenge,
    challenge_method: a.method,
    family: deps.ids.next(),
    created_at: now,
    expires_at: now + CODE_TTL_MS,
  });
  return withParams(a.redirectUri, { state: a.state, code });
}

export const deniedRedirect = (a: AuthorizeRequest) =>
  withParams(a.redirectUri, { error: 'access_denied', state: a.state });

/** `client_id:client_secret` of a Basic header, as sent by TAS, TAV2 and XDK. */
export type BasicCredentials = { id: string; secret: string } | null;

/**
 * The calling client. Confidential clients authenticate with Basic (or TAV2's body `client_secret`);
 * public clients name themselves with `client_id`; XDK omits it when Basic is sent (notes §12.2).
 */
export async function clientOf(deps: Deps, basic: BasicCredentials, p: Params): Promise<AppRow> {
  const secret = basic?.secret ?? p.client_secret;
  const id = basic?.id ?? p.client_id;
  if (!id) throw problems.oauth2(400, 'invalid_request', 'Missing required parameter [client_id].');
  if (basic && p.client_id && p.client_id !== basic.id)
    throw problems.oauth2(400, 'invalid_request', 'Value passed for client_id was invalid.');
  const app = await findAppByClientId(deps, id);
  if (secret !== undefined) {
    if (!app || !clientSecretMatches(app, secret))
      throw problems.oauth2(401, 'unauthorized_client', 'Missing valid authorization header');
    return app;
  }
  if (!app) throw problems.oauth2(400, 'invalid_request', 'Value passed for client_id was invalid.');
  return app;
}

const badCode = () => problems.oauth2(400, 'invalid_request', 'Value passed for the authorization code was invalid.');
const missing = (name: string) => problems.oauth2(400, 'invalid_request', `Missing required parameter [${name}].`);

function pkceMatches(method: 'S256' | 'plain', challenge: string, verifier: string): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return safeEqual(derived, challenge);
}

async function exchangeCode(deps: Deps, app: AppRow, p: Params) {
  for (const name of ['code', 'redirect_uri', 'code_verifier'] as const) if (!p[name]) throw missing(name);
  const hash = sha256(p.code!);
  const row = await oauthRepo.code(deps.db, hash);
  if (!row || row.app_id !== app.id) throw badCode();
  const now = deps.clock.now();
  // A second use revokes what the first one got (RFC 6749 §4.1.2).
  if (!(await oauthRepo.spendCode(deps.db, hash, now))) {
    await revokeOAuth2Family(deps, row.family);
    throw badCode();
  }
  if (
    row.expires_at <= now ||
    row.redirect_uri !== p.redirect_uri ||
    !pkceMatches(row.challenge_method, row.challenge, p.code_verifier!)
  )
    throw badCode();
  return issueOAuth2Tokens(deps, app, row.user_id, row.scopes.split(' '), row.family);
}

/** `POST /2/oauth2/token`. The response always carries `scope` (TAV2 crashes without it, notes §12.2). */
export async function token(deps: Deps, basic: BasicCredentials, p: Params) {
  const app = await clientOf(deps, basic, p);
  switch (p.grant_type) {
    case 'authorization_code':
      return exchangeCode(deps, app, p);
    case 'refresh_token':
      if (!p.refresh_token) throw missing('refresh_token');
      return refreshOAuth2(deps, app, p.refresh_token);
    case undefined:
      throw missing('grant_type');
    default:
      throw problems.oauth2(400, 'unsupported_grant_type', `Value passed for grant_type was invalid.`);
  }
}

/** `POST /2/oauth2/revoke` → `{revoked: true}` for any token string (RFC 7009 §2.2). */
export async function revoke(deps: Deps, basic: BasicCredentials, p: Params) {
  const app = await clientOf(deps, basic, p);
  if (!p.token) throw missing('token');
  await revokeOAuth2(deps, app, p.token);
  return { revoked: true };
}
