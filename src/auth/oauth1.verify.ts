// Verifies an OAuth 1.0a-signed request against the service's own view of it (RFC 5849 §3.2), in
// one order for every request: parse the header; look up the app and token whose secrets sign it;
// rebuild the signature base string from the actual scheme, Host and path, the query and form
// parameters and the header's `oauth_*` (never a JSON body); compare HMAC-SHA1 in constant time;
// check the timestamp against the service clock; accept each nonce once.
import type { Deps } from '../deps.js';
import { problems, type Problem } from '../shared/problems.js';
import { safeEqual } from '../shared/secrets.js';
import type { AppRow } from './apps.repo.js';
import { appByConsumerKey } from './credentials.js';
import { hmacSha1Base64 } from './hmac-sha1.js';
import { rememberNonce } from './oauth1.nonces.js';
import { baseUri, formPairs, oauthHeaderPairs, signatureBase, signingKey, type Pair } from './oauth1.signature.js';

/** Accepted distance between `oauth_timestamp` and the service clock. The real window is not published (notes §14). */
export const TIMESTAMP_WINDOW_MS = 300_000;

/** What the verifier needs of a request; http/auth.ts builds it from Fastify's request. */
export type SignedRequest = {
  method: string;
  scheme: string;
  host: string;
  /** The request target as received: path and query string. */
  target: string;
  form: Pair[];
  authorization: string | undefined;
};

/** The query string's pairs of a signed request. */
export function queryOf(r: SignedRequest): Pair[] {
  const q = r.target.indexOf('?');
  return q < 0 ? [] : formPairs(r.target.slice(q + 1));
}

function pathOf(r: SignedRequest): string {
  const q = r.target.indexOf('?');
  return q < 0 ? r.target : r.target.slice(0, q);
}

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
const TIMESTAMP_DIGITS = /^\d{1,12}$/;

/** An `Authorization: OAuth` header: its parameters, and those verification reads. */
type OAuthHeader = {
  params: Pair[];
  /** Every parameter but the signature: what was signed. */
  signed: Pair[];
  consumerKey: string;
  nonce: string;
  signature: string;
  timestamp: string;
  token: string | undefined;
};

/** The header's parameters, or 215 when they are missing, malformed or not HMAC-SHA1 / 1.0. */
function readHeader(authorization: string | undefined): OAuthHeader {
  const params = oauthHeaderPairs(authorization);
  if (!params) throw oauth1Problems.badAuthenticationData();
  const value = (name: string) => params.find(([k]) => k === name)?.[1];
  const h: OAuthHeader = {
    params,
    signed: params.filter(([k]) => k !== 'oauth_signature'),
    consumerKey: value('oauth_consumer_key') ?? '',
    nonce: value('oauth_nonce') ?? '',
    signature: value('oauth_signature') ?? '',
    timestamp: value('oauth_timestamp') ?? '',
    token: value('oauth_token'),
  };
  const version = value('oauth_version');
  if (!h.consumerKey || !h.nonce || !h.signature || value('oauth_signature_method') !== 'HMAC-SHA1')
    throw oauth1Problems.badAuthenticationData();
  if ((version !== undefined && version !== '1.0') || !TIMESTAMP_DIGITS.test(h.timestamp))
    throw oauth1Problems.badAuthenticationData();
  // "Only ASCII is accepted in oauth_nonce" (seed, Authorization endpoints).
  if (!PRINTABLE_ASCII.test(h.nonce)) throw oauth1Problems.badAuthenticationData();
  return h;
}

type Lookup<T> = (token: string) => Promise<T | null | undefined>;

/** The app the consumer key names and, with `lookup`, the token the header names: 32, 215 or 89 otherwise. */
async function signersOf<T extends TokenLike>(
  deps: Deps,
  h: OAuthHeader,
  lookup: Lookup<T> | undefined,
): Promise<{ app: AppRow; token: T | null }> {
  const app = await appByConsumerKey(deps, h.consumerKey);
  if (!app) throw oauth1Problems.couldNotAuthenticate();
  if (!lookup) return { app, token: null };
  if (!h.token) throw oauth1Problems.badAuthenticationData();
  const token = (await lookup(h.token)) ?? null;
  // A token of another app is, for this consumer key, no token at all.
  if (!token || token.app_id !== app.id) throw oauth1Problems.invalidToken();
  return { app, token };
}

const byLocale = (a: string, b: string) => a.localeCompare(b);

/**
 * Whether the signature is HMAC-SHA1 under `key` of the request's base string (RFC 5849 §3.4.1), or
 * of what an SDK signs where it differs from the RFC: TAV2 and XDK merge header and body parameters
 * into one object, so an `oauth_token` sent in both is signed once; XDK sorts keys with
 * localeCompare (notes §11.1).
 */
function signatureMatches(r: SignedRequest, h: OAuthHeader, key: string): boolean {
  const uri = baseUri(r.scheme, r.host, pathOf(r));
  const signs = (pairs: readonly Pair[], compare?: (a: string, b: string) => number) =>
    safeEqual(hmacSha1Base64(key, signatureBase(r.method, uri, pairs, compare)), h.signature);
  const own = [...queryOf(r), ...r.form];
  if (signs([...own, ...h.signed]) || signs([...own, ...h.signed], byLocale)) return true;
  const seen = new Set(own.map(([k, v]) => `${k}\0${v}`));
  const merged = h.signed.filter(([k, v]) => !seen.has(`${k}\0${v}`));
  if (merged.length === h.signed.length) return false;
  return signs([...own, ...merged]) || signs([...own, ...merged], byLocale);
}

/** The app, the token (null without `lookup`), and the header's parameters in order (the OAuth endpoints read them). */
export type Verified<T> = { app: AppRow; token: T | null; params: readonly Pair[] };

/**
 * Verifies `r`. With `lookup`, `oauth_token` is required and must name a live token of the same
 * app (89 otherwise); without it the request is signed by the app alone (request-token step).
 */
export async function verifyOAuth1<T extends TokenLike>(
  deps: Deps,
  r: SignedRequest,
  lookup?: Lookup<T>,
): Promise<Verified<T>> {
  const h = readHeader(r.authorization);
  const { app, token } = await signersOf(deps, h, lookup);
  const key = signingKey(app.consumer_secret, token?.secret ?? '');
  if (!signatureMatches(r, h, key)) throw oauth1Problems.couldNotAuthenticate();
  const timestampS = Number(h.timestamp);
  if (Math.abs(timestampS * 1000 - deps.clock.now()) > TIMESTAMP_WINDOW_MS) throw oauth1Problems.timestampOutOfBounds();
  const nonce = { timestampS, consumerKey: h.consumerKey, token: h.token, nonce: h.nonce };
  if (!(await rememberNonce(deps, nonce, TIMESTAMP_WINDOW_MS))) throw oauth1Problems.couldNotAuthenticate();
  return { app, token, params: h.params };
}
