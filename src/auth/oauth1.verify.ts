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
import { baseUri, hmacSha1, oauthHeaderPairs, signatureBase, type Pair } from './oauth1.signature.js';

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

const PRINTABLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** An `Authorization: OAuth` header: its parameters, and those verification reads. */
type OAuthHeader = {
  params: Pair[];
  /** Every parameter but the signature: what was signed. */
  signed: Pair[];
  consumerKey: string; nonce: string; signature: string; timestamp: string; token: string | undefined;
};

/** The header read in one pass over its parameters, or 215 when they are missing, malformed or not HMAC-SHA1 / 1.0. */
function readHeader(authorization: string | undefined): OAuthHeader {
  const params = oauthHeaderPairs(authorization);
  if (!params) throw oauth1Problems.badAuthenticationData();
  const signed: Pair[] = [];
  let consumerKey = '', nonce = '', signature = '', method = '', timestamp = '';
  let version: string | undefined, token: string | undefined;
  for (const pair of params) {
    const [k, v] = pair;
    if (k === 'oauth_signature') { signature = v; continue; }
    signed.push(pair);
    if (k === 'oauth_consumer_key') consumerKey = v;
    else if (k === 'oauth_nonce') nonce = v;
    else if (k === 'oauth_signature_method') method = v;
    else if (k === 'oauth_timestamp') timestamp = v;
    else if (k === 'oauth_token') token = v;
    else if (k === 'oauth_version') version = v;
  }
  if (!consumerKey || !nonce || !signature || method !== 'HMAC-SHA1' || (version !== undefined && version !== '1.0')) throw oauth1Problems.badAuthenticationData();
  if (!/^\d{1,12}$/.test(timestamp)) throw oauth1Problems.badAuthenticationData();
  // "Only ASCII is accepted in oauth_nonce" (seed, Authorization endpoints).
  if (!PRINTABLE_ASCII.test(nonce)) throw oauth1Problems.badAuthenticationData();
  return { params, signed, consumerKey, nonce, signature, timestamp, token };
}

function signatureMatches(r: SignedRequest, h: OAuthHeader, consumerSecret: string, tokenSecret: string): boolean {
  const uri = baseUri(r.scheme, r.host, r.path);
  const matches = (pairs: readonly Pair[], compare?: (a: string, b: string) => number) =>
    safeEqual(hmacSha1(signatureBase(r.method, uri, pairs, compare), consumerSecret, tokenSecret), h.signature);
  const own = r.form.length ? [...r.query, ...r.form] : r.query;
  if (matches([...own, ...h.signed])) return true;
  // What the SDKs sign when it differs from the RFC: TAV2 and XDK merge header and body parameters
  // into one object, so an `oauth_token` sent in both is signed once; XDK sorts keys with
  // localeCompare (notes §11.1).
  const byLocale = (a: string, b: string) => a.localeCompare(b);
  if (matches([...own, ...h.signed], byLocale)) return true;
  const seen = new Set(own.map(([k, v]) => `${k}\0${v}`));
  const merged = h.signed.filter(([k, v]) => !seen.has(`${k}\0${v}`));
  return merged.length !== h.signed.length && (matches([...own, ...merged]) || matches([...own, ...merged], byLocale));
}

/** The nonce's digest: unique per timestamp, client credentials and token (RFC 5849 §3.3), so a replayed request repeats all four. */
const nonceDigest = (h: OAuthHeader) => hash('sha256', `${h.consumerKey}\n${h.token ?? ''}\n${h.nonce}`, 'base64url').slice(0, 27);

/** `params`: the header's parameters, in order. */
export type Verified<T> = { app: AppRow; token: T | null; params: Pair[] };

/**
 * Verifies `r`. With `lookup`, `oauth_token` is required and must name a live token of the same
 * app (89 otherwise); without it the request is signed by the app alone (request-token step).
 */
export async function verifyOAuth1<T extends TokenLike>(deps: Deps, r: SignedRequest, lookup?: (token: string) => T | null | undefined | Promise<T | null | undefined>): Promise<Verified<T>> {
  // Lookups answer at once from their caches; awaiting only a promise spares a microtask turn each.
  const h = readHeader(r.authorization);
  const found = appByConsumerKey(deps, h.consumerKey);
  const app = found instanceof Promise ? await found : found;
  if (!app) throw oauth1Problems.couldNotAuthenticate();
  const timestampS = Number(h.timestamp);
  if (Math.abs(timestampS * 1000 - deps.clock.now()) > TIMESTAMP_WINDOW_MS) throw oauth1Problems.timestampOutOfBounds();
  let token: T | null = null;
  if (lookup) {
    if (!h.token) throw oauth1Problems.badAuthenticationData();
    const row = lookup(h.token);
    token = (row instanceof Promise ? await row : row) ?? null;
    // A token of another app is, for this consumer key, no token at all.
    if (!token || token.app_id !== app.id) throw oauth1Problems.invalidToken();
  }
  if (!signatureMatches(r, h, app.consumer_secret, token?.secret ?? '')) throw oauth1Problems.couldNotAuthenticate();
  const fresh = rememberNonce(deps, timestampS, nonceDigest(h), TIMESTAMP_WINDOW_MS);
  if (!(fresh instanceof Promise ? await fresh : fresh)) throw oauth1Problems.couldNotAuthenticate();
  return { app, token, params: h.params };
}
