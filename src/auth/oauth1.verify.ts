// Verifies an OAuth 1.0a-signed request against the service's own view of it (RFC 5849 §3.2):
// the base string is rebuilt from the actual scheme, Host and path, the query and form parameters
// and the header's `oauth_*` (never a JSON body); HMAC-SHA1 with the stored secrets, compared in
// constant time; the timestamp within a window of the service clock; each nonce once.
import { hash } from 'node:crypto';
import type { Deps } from '../deps.js';
import { problems, type Problem } from '../shared/problems.js';
import { safeEqual } from '../shared/secrets.js';
import type { AppRow } from './apps.repo.js';
import { appByConsumerKey } from './credentials.js';
import { rememberNonce } from './oauth1.nonces.js';
import { baseUri, hmacSha1, parseOAuthHeader, signatureBase, type Pair } from './oauth1.signature.js';

/** Accepted distance between `oauth_timestamp` and the service clock. The real window is not published (notes §14). */
export const TIMESTAMP_WINDOW_MS = 300_000;

/** What the verifier needs of a request; http/auth.ts builds it from Fastify's request. */
export type SignedRequest = {
  method: string; scheme: string; host: string; path: string;
  query: Pair[]; form: Pair[]; authorization: string | undefined;
};

type TokenLike = { secret: string; app_id: string };

/** How a failure reads (DOCS-OLD response codes, notes §9.1, §11.2); 401s carry the challenge header. */
export const oauth1Problems = {
  badAuthenticationData: () => problems.v1(400, 215, 'Bad Authentication data.'),
  couldNotAuthenticate: () => challenge(32, 'Could not authenticate you.'),
  timestampOutOfBounds: () => challenge(135, 'Could not authenticate you.'),
  invalidToken: () => challenge(89, 'Invalid or expired token.'),
};

function challenge(code: number, message: string): Problem {
  const p = problems.unauthorized({ v1: { code, message } });
  p.headers['www-authenticate'] = `OAuth realm="https://api.twitter.com", api_error_code=${code}`;
  return p;
}

const REQUIRED = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'];
const PRINTABLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The header's parameters, or 215 when they are missing, malformed or not HMAC-SHA1 / 1.0. */
function headerParams(authorization: string | undefined): Map<string, string> {
  const p = parseOAuthHeader(authorization);
  if (!p || REQUIRED.some((k) => !p.get(k))) throw oauth1Problems.badAuthenticationData();
  if (p.get('oauth_signature_method') !== 'HMAC-SHA1') throw oauth1Problems.badAuthenticationData();
  if (p.has('oauth_version') && p.get('oauth_version') !== '1.0') throw oauth1Problems.badAuthenticationData();
  if (!/^\d{1,12}$/.test(p.get('oauth_timestamp')!)) throw oauth1Problems.badAuthenticationData();
  // "Only ASCII is accepted in oauth_nonce" (seed, Authorization endpoints).
  if (!PRINTABLE_ASCII.test(p.get('oauth_nonce')!)) throw oauth1Problems.badAuthenticationData();
  return p;
}

function signatureMatches(r: SignedRequest, oauth: Map<string, string>, consumerSecret: string, tokenSecret: string): boolean {
  const uri = baseUri(r.scheme, r.host, r.path);
  const given = oauth.get('oauth_signature')!;
  const matches = (pairs: readonly Pair[], compare?: (a: string, b: string) => number) =>
    safeEqual(hmacSha1(signatureBase(r.method, uri, pairs, compare), consumerSecret, tokenSecret), given);
  const own = r.form.length ? [...r.query, ...r.form] : r.query;
  const header: Pair[] = [];
  for (const pair of oauth) if (pair[0] !== 'oauth_signature') header.push(pair);
  if (matches([...own, ...header])) return true;
  // What the SDKs sign when it differs from the RFC: TAV2 and XDK merge header and body parameters
  // into one object, so an `oauth_token` sent in both is signed once; XDK sorts keys with
  // localeCompare (notes §11.1).
  const byLocale = (a: string, b: string) => a.localeCompare(b);
  if (matches([...own, ...header], byLocale)) return true;
  const seen = new Set(own.map(([k, v]) => `${k}\0${v}`));
  const merged = header.filter(([k, v]) => !seen.has(`${k}\0${v}`));
  return merged.length !== header.length && (matches([...own, ...merged]) || matches([...own, ...merged], byLocale));
}

/** The nonce's digest: unique per timestamp, client credentials and token (RFC 5849 §3.3), so a replayed request repeats all four. */
const nonceDigest = (oauth: Map<string, string>) =>
  hash('sha256', `${oauth.get('oauth_consumer_key')}\n${oauth.get('oauth_token') ?? ''}\n${oauth.get('oauth_nonce')}`, 'base64url').slice(0, 27);

export type Verified<T> = { app: AppRow; token: T | null; oauth: Map<string, string> };

/**
 * Verifies `r`. With `lookup`, `oauth_token` is required and must name a live token of the same
 * app (89 otherwise); without it the request is signed by the app alone (request-token step).
 */
export async function verifyOAuth1<T extends TokenLike>(deps: Deps, r: SignedRequest, lookup?: (token: string) => T | null | undefined | Promise<T | null | undefined>): Promise<Verified<T>> {
  // Lookups answer at once from their caches; awaiting only a promise spares a microtask turn each.
  const oauth = headerParams(r.authorization);
  const found = appByConsumerKey(deps, oauth.get('oauth_consumer_key')!);
  const app = found instanceof Promise ? await found : found;
  if (!app) throw oauth1Problems.couldNotAuthenticate();
  const timestampS = Number(oauth.get('oauth_timestamp'));
  if (Math.abs(timestampS * 1000 - deps.clock.now()) > TIMESTAMP_WINDOW_MS) throw oauth1Problems.timestampOutOfBounds();
  let token: T | null = null;
  if (lookup) {
    const name = oauth.get('oauth_token');
    if (!name) throw oauth1Problems.badAuthenticationData();
    const row = lookup(name);
    token = (row instanceof Promise ? await row : row) ?? null;
    // A token of another app is, for this consumer key, no token at all.
    if (!token || token.app_id !== app.id) throw oauth1Problems.invalidToken();
  }
  if (!signatureMatches(r, oauth, app.consumer_secret, token?.secret ?? '')) throw oauth1Problems.couldNotAuthenticate();
  const fresh = rememberNonce(deps, timestampS, nonceDigest(oauth), TIMESTAMP_WINDOW_MS);
  if (!(fresh instanceof Promise ? await fresh : fresh)) throw oauth1Problems.couldNotAuthenticate();
  return { app, token, oauth };
}
