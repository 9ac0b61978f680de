// Verifies an OAuth 1.0a-signed request against the service's own view of it (RFC 5849 §3.2):
// the base string is rebuilt from the actual scheme, Host and path, the query and form parameters
// and the header's `oauth_*` (never a JSON body); HMAC-SHA1 with the stored secrets, compared in
// constant time; the timestamp within a window of the service clock; each nonce once. A request of
// a shape verified before is checked against that shape's base string (oauth1.shapes.ts, ADR 0015).
import type { Deps } from '../deps.js';
import { problems, type Problem } from '../shared/problems.js';
import { safeEqual } from '../shared/secrets.js';
import type { AppRow } from './apps.repo.js';
import { appByConsumerKey } from './credentials.js';
import { rememberNonce, type SeenNonce } from './oauth1.nonces.js';
import { hmacSha1Base64 } from './hmac-sha1.js';
import {
  baseOf,
  cutHeader,
  encodedEquals,
  openBase,
  valueStart,
  valuesIn,
  type HeaderCut,
  type HeaderText,
  type OpenBase,
  type Values,
} from './oauth1.shapes.js';
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
  /** The connection it came on, if known: the shape last verified on it is tried first. */
  connection?: object;
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
  /** The nonce and timestamp pairs themselves (a shape is made by finding them among the signed pairs). */
  noncePair: Pair;
  timestampPair: Pair;
};

/** The header read in one pass over its parameters, or 215 when they are missing, malformed or not HMAC-SHA1 / 1.0. */
function readHeader(authorization: string | undefined): OAuthHeader {
  const params = oauthHeaderPairs(authorization);
  if (!params) throw oauth1Problems.badAuthenticationData();
  const signed: Pair[] = [];
  let consumerKey = '',
    nonce = '',
    signature = '',
    method = '',
    timestamp = '';
  let version: string | undefined, token: string | undefined;
  let noncePair: Pair | undefined, timestampPair: Pair | undefined;
  for (const pair of params) {
    const [k, v] = pair;
    if (k === 'oauth_signature') {
      signature = v;
      continue;
    }
    signed.push(pair);
    if (k === 'oauth_consumer_key') consumerKey = v;
    else if (k === 'oauth_nonce') {
      nonce = v;
      noncePair = pair;
    } else if (k === 'oauth_signature_method') method = v;
    else if (k === 'oauth_timestamp') {
      timestamp = v;
      timestampPair = pair;
    } else if (k === 'oauth_token') token = v;
    else if (k === 'oauth_version') version = v;
  }
  if (!consumerKey || !nonce || !signature || method !== 'HMAC-SHA1' || (version !== undefined && version !== '1.0'))
    throw oauth1Problems.badAuthenticationData();
  if (!/^\d{1,12}$/.test(timestamp)) throw oauth1Problems.badAuthenticationData();
  // "Only ASCII is accepted in oauth_nonce" (seed, Authorization endpoints).
  if (!PRINTABLE_ASCII.test(nonce)) throw oauth1Problems.badAuthenticationData();
  return {
    params,
    signed,
    consumerKey,
    nonce,
    signature,
    timestamp,
    token,
    noncePair: noncePair!,
    timestampPair: timestampPair!,
  };
}

type Signed = { pairs: readonly Pair[]; compare: ((a: string, b: string) => number) | undefined; base: string };

/** The pairs, order and base string the request's signature was made over, or null when none matches. */
function matchingBase(r: SignedRequest, h: OAuthHeader, uri: string, signingKey: string): Signed | null {
  const tryBase = (pairs: readonly Pair[], compare?: (a: string, b: string) => number): Signed | null => {
    const base = signatureBase(r.method, uri, pairs, compare);
    return safeEqual(hmacSha1Base64(signingKey, base), h.signature) ? { pairs, compare, base } : null;
  };
  const query = queryOf(r);
  const own = r.form.length ? [...query, ...r.form] : query;
  const rfc = tryBase([...own, ...h.signed]);
  if (rfc) return rfc;
  // What the SDKs sign when it differs from the RFC: TAV2 and XDK merge header and body parameters
  // into one object, so an `oauth_token` sent in both is signed once; XDK sorts keys with
  // localeCompare (notes §11.1).
  const byLocale = (a: string, b: string) => a.localeCompare(b);
  const locale = tryBase([...own, ...h.signed], byLocale);
  if (locale) return locale;
  const seen = new Set(own.map(([k, v]) => `${k}\0${v}`));
  const merged = h.signed.filter(([k, v]) => !seen.has(`${k}\0${v}`));
  if (merged.length === h.signed.length) return null;
  return tryBase([...own, ...merged]) ?? tryBase([...own, ...merged], byLocale);
}

/** `params()`: the header's parameters, in order (made when asked: only the OAuth endpoints read them). */
export type Verified<T> = { app: AppRow; token: T | null; params: () => readonly Pair[] };

type Lookup<T> = (token: string) => T | null | undefined | Promise<T | null | undefined>;

/** What a request verified the long way signed, with its nonce and timestamp open (ADR 0015). */
type Shape = {
  /** The request it was verified for; shapes are kept by its target and token. */
  method: string;
  scheme: string;
  host: string;
  target: string;
  header: HeaderText;
  base: OpenBase;
  consumerKey: string;
  token: string | undefined;
  /** The secrets it was verified with: a shape holds only while they are still the app's and token's. */
  consumerSecret: string;
  tokenSecret: string;
  /** `enc(consumer_secret)&enc(token_secret)`, made once. */
  signingKey: string;
  /** Whether the token was looked up (user context) or left out of the key (request-token step). */
  withToken: boolean;
  /** The header's parameters, handed back with the open values filled in. */
  params: readonly Pair[];
};

/**
 * Shapes of requests verified the long way (oauth1.shapes.ts), by request target and token: many
 * users calling one endpoint each have their own. Bounded like the credential caches.
 */
const shapes = new Map<string, Shape[]>();
let shapeCount = 0;
const MAX_SHAPES = 1000;
/** Shapes of one target and token (several apps, hosts or header spellings): the newest few. */
const MAX_PER_KEY = 4;

/** Where a request's shapes are kept: its target and the header's `oauth_token`, as written. */
function shapeKey(r: SignedRequest, header: string): string {
  const at = valueStart(header, 'oauth_token="');
  const end = at < 0 ? -1 : header.indexOf('"', at);
  return end < 0 ? r.target : `${r.target} ${header.slice(at, end)}`;
}

/**
 * Verifies `r`. With `lookup`, `oauth_token` is required and must name a live token of the same
 * app (89 otherwise); without it the request is signed by the app alone (request-token step).
 */
export async function verifyOAuth1<T extends TokenLike>(
  deps: Deps,
  r: SignedRequest,
  lookup?: Lookup<T>,
): Promise<Verified<T>> {
  const checked = knownShape(deps, r, lookup) ?? (await byParsing(deps, r, lookup));
  const fresh = rememberNonce(deps, checked.nonce, TIMESTAMP_WINDOW_MS);
  if (!(fresh instanceof Promise ? await fresh : fresh)) throw oauth1Problems.couldNotAuthenticate();
  return checked;
}

/**
 * The shape last verified on each connection. A client's requests on one keep-alive connection are
 * mostly of one shape: trying it first spares building the key and looking it up. It is only a
 * guess: the request must still be that shape's text, and is checked in full.
 */
const lastOnConnection = new WeakMap<object, Shape>();

/** A request of a shape verified before, checked the short way; null sends it the long way. */
function knownShape<T extends TokenLike>(
  deps: Deps,
  r: SignedRequest,
  lookup: Lookup<T> | undefined,
): Checked<T> | null {
  // A form body is signed too and is not part of a shape: such requests always take the long way.
  if (r.form.length || !r.authorization) return null;
  const last = r.connection && lastOnConnection.get(r.connection);
  const values = last && last.target === r.target && fits(last, r) ? valuesIn(last.header, r.authorization) : null;
  if (values) return byShape(deps, last!, values, lookup);
  for (const shape of shapes.get(shapeKey(r, r.authorization)) ?? []) {
    if (shape === last || !fits(shape, r)) continue;
    const values = valuesIn(shape.header, r.authorization);
    if (!values) continue;
    if (r.connection) lastOnConnection.set(r.connection, shape);
    return byShape(deps, shape, values, lookup);
  }
  return null;
}

const fits = (shape: Shape, r: Pick<SignedRequest, 'method' | 'scheme' | 'host'>) =>
  shape.method === r.method && shape.scheme === r.scheme && shape.host === r.host;

function keepShape(key: string, shape: Shape): void {
  if (shapeCount >= MAX_SHAPES) {
    shapes.clear();
    shapeCount = 0;
  }
  const old = shapes.get(key) ?? [];
  const same = (s: Shape) => fits(s, shape) && s.header.segments.join('"') === shape.header.segments.join('"');
  // One shape per request and header: a newer one (new secrets) takes the older's place.
  const list = [...old.filter((s) => !same(s)), shape].slice(-MAX_PER_KEY);
  shapeCount += list.length - old.length;
  shapes.set(key, list);
}

/** A request whose signature holds: what the caller gets, and the nonce still to be judged. */
type Checked<T> = Verified<T> & { nonce: SeenNonce };

/**
 * A request of a known shape, when everything holds at once: the app and token are cached and
 * still have the shape's secrets, the timestamp is in the window and the signature matches. Null
 * otherwise: the long way then answers, with the error the request deserves.
 */
function byShape<T extends TokenLike>(
  deps: Deps,
  shape: Shape,
  slots: Values,
  lookup: Lookup<T> | undefined,
): Checked<T> | null {
  if (shape.withToken !== Boolean(lookup)) return null;
  const app = appByConsumerKey(deps, shape.consumerKey);
  if (!app || app instanceof Promise || app.consumer_secret !== shape.consumerSecret) return null;
  const timestampS = Number(slots.timestamp);
  if (Math.abs(timestampS * 1000 - deps.clock.now()) > TIMESTAMP_WINDOW_MS) return null;
  let token: T | null = null;
  if (lookup) {
    const row = lookup(shape.token!);
    if (!row || row instanceof Promise || row.app_id !== app.id || row.secret !== shape.tokenSecret) return null;
    token = row;
  }
  const expected = hmacSha1Base64(shape.signingKey, baseOf(shape.base, slots.nonce, slots.timestamp));
  if (!encodedEquals(expected, slots.signature)) return null;
  const params = () =>
    shape.params.map(([k, v]): Pair => [
      k,
      k === 'oauth_nonce'
        ? slots.nonce
        : k === 'oauth_timestamp'
          ? slots.timestamp
          : k === 'oauth_signature'
            ? expected
            : v,
    ]);
  return {
    app,
    token,
    params,
    nonce: { timestampS, consumerKey: shape.consumerKey, token: shape.token, nonce: slots.nonce },
  };
}

/**
 * The long way: the header parsed, the base string built from the request's parameters; on success the request's shape
 * is kept.
 */
async function byParsing<T extends TokenLike>(
  deps: Deps,
  r: SignedRequest,
  lookup: Lookup<T> | undefined,
): Promise<Checked<T>> {
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
  const tokenSecret = token?.secret ?? '';
  const uri = baseUri(r.scheme, r.host, pathOf(r));
  const key = signingKey(app.consumer_secret, tokenSecret);
  const signed = matchingBase(r, h, uri, key);
  if (!signed) throw oauth1Problems.couldNotAuthenticate();
  // The shape is kept only when its values are the ones the parser read (nothing to decode).
  const cut: HeaderCut | null = r.form.length ? null : cutHeader(r.authorization);
  if (cut && cut.nonce === h.nonce && cut.timestamp === h.timestamp) {
    const base = openBase({
      method: r.method,
      uri,
      pairs: signed.pairs,
      compare: signed.compare,
      nonce: h.noncePair,
      timestamp: h.timestampPair,
      base: signed.base,
    });
    const shape: Shape | null = base && {
      method: r.method,
      scheme: r.scheme,
      host: r.host,
      target: r.target,
      header: { segments: cut.segments, order: cut.order },
      base,
      consumerKey: h.consumerKey,
      token: h.token,
      consumerSecret: app.consumer_secret,
      tokenSecret,
      signingKey: key,
      withToken: Boolean(lookup),
      params: h.params,
    };
    if (shape) {
      keepShape(shapeKey(r, r.authorization!), shape);
      if (r.connection) lastOnConnection.set(r.connection, shape);
    }
  }
  return {
    app,
    token,
    params: () => h.params,
    nonce: { timestampS, consumerKey: h.consumerKey, token: h.token, nonce: h.nonce },
  };
}
