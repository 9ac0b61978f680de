// OAuth 1.0a signatures (RFC 5849 §3.4), pure: percent-encoding, the parameter string, the base
// string, HMAC-SHA1, and the `Authorization: OAuth …` header both ways. No I/O, no clock.
import { createHmac, randomBytes } from 'node:crypto';

export type Pair = readonly [string, string];

const KEPT_BY_ENCODE_URI = /[!'()*]/;
const KEPT_BY_ENCODE_URI_ALL = /[!'()*]/g;
const hex = (c: string) => '%' + c.charCodeAt(0).toString(16).toUpperCase();

/** [A-Za-z0-9._~-]: the RFC 3986 unreserved set. */
const isUnreservedChar = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 48 && c <= 57) ||
  c === 45 ||
  c === 46 ||
  c === 95 ||
  c === 126;

export function unreservedOnly(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isUnreservedChar(s.charCodeAt(i))) return false;
  return true;
}

/** RFC 3986 unreserved set kept, everything else `%XX` upper-case; space is `%20` (notes §11.1). */
export function percentEncode(s: string): string {
  // Fast path (a loop the JIT inlines, not a regex call): this runs for every parameter of every signed request.
  if (unreservedOnly(s)) return s;
  const e = encodeURIComponent(s);
  return KEPT_BY_ENCODE_URI.test(e) ? e.replace(KEPT_BY_ENCODE_URI_ALL, hex) : e;
}

/**
 * Name/value pairs of a query string or form body. `+` is a space there (application/x-www-form-urlencoded);
 * SDKs encode a space in bodies as `+` (notes §11.1, Ads notes), so it must be decoded before re-encoding.
 */
export function formPairs(text: string): Pair[] {
  if (!text) return [];
  if (text.includes('%') || text.includes('+')) return [...new URLSearchParams(text)].map(([k, v]) => [k, v] as const);
  // Nothing to decode: split (a query string is split for every signed request).
  const out: Pair[] = [];
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    out.push(eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]);
  }
  return out;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The pairs percent-encoded, as parallel lists, with their order sorted by key then value (§3.4.1.3.2). */
function encodedSorted(pairs: readonly Pair[], compare: (a: string, b: string) => number) {
  const n = pairs.length;
  const keys: string[] = new Array(n);
  const values: string[] = new Array(n);
  const order: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = percentEncode(pairs[i]![0]);
    values[i] = percentEncode(pairs[i]![1]);
    // Insertion sort: a request has a handful of parameters, often already in order.
    let j = i;
    for (; j > 0; j--) {
      const o = order[j - 1]!;
      if ((compare(keys[o]!, keys[i]!) || byteOrder(values[o]!, values[i]!)) <= 0) break;
      order[j] = o;
    }
    order[j] = i;
  }
  return { keys, values, order };
}

/** Encoded pairs sorted by key then value (§3.4.1.3.2); `compare` lets a verifier try XDK's localeCompare. */
export function parameterString(pairs: readonly Pair[], compare: (a: string, b: string) => number = byteOrder): string {
  const { keys, values, order } = encodedSorted(pairs, compare);
  return order.map((i) => `${keys[i]}=${values[i]}`).join('&');
}

/** percentEncode of a string percentEncode produced: only its `%` are not unreserved. */
const encodeAgain = (encoded: string) => (encoded.includes('%') ? encoded.replace(/%/g, '%25') : encoded);

/**
 * The signature base string of a request with parameters `pairs` (§3.4.1): the same as
 * `baseString(method, uri, parameterString(pairs))`, but the parameter string's second encoding is
 * made pair by pair (`=` and `&` are known; an encoded pair only needs its `%` encoded again) rather
 * than by encoding the whole string once more. Verification builds one for every signed request.
 */
export function signatureBase(
  method: string,
  uri: string,
  pairs: readonly Pair[],
  compare: (a: string, b: string) => number = byteOrder,
): string {
  const { keys, values, order } = encodedSorted(pairs, compare);
  let out = `${method.toUpperCase()}&${percentEncode(uri)}&`;
  for (let i = 0; i < order.length; i++) {
    const o = order[i]!;
    out += `${i ? '%26' : ''}${encodeAgain(keys[o]!)}%3D${encodeAgain(values[o]!)}`;
  }
  return out;
}

/** scheme://host[:port]/path, lower-case scheme and host, default ports dropped (§3.4.1.2). */
export function baseUri(scheme: string, host: string, path: string): string {
  const s = scheme.toLowerCase();
  let h = host.toLowerCase();
  if ((s === 'http' && h.endsWith(':80')) || (s === 'https' && h.endsWith(':443'))) h = h.slice(0, h.lastIndexOf(':'));
  return `${s}://${h}${path}`;
}

export function baseString(method: string, uri: string, paramString: string): string {
  return `${method.toUpperCase()}&${percentEncode(uri)}&${percentEncode(paramString)}`;
}

/** The HMAC-SHA1 key: `enc(consumer_secret)&enc(token_secret)` (§3.4.2). */
export const signingKey = (consumerSecret: string, tokenSecret: string) =>
  `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;

/**
 * HMAC-SHA1 keyed `enc(consumer_secret)&enc(token_secret)`, base64 (§3.4.2). Node's own HMAC: the
 * signer of tests and benches does not share the verifier's (hmac-sha1.ts), so a fault in one is
 * not hidden by the other.
 */
export function hmacSha1(base: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', signingKey(consumerSecret, tokenSecret)).update(base).digest('base64');
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** [A-Za-z0-9_%.~-]: what a parameter name may be made of. */
const isNameChar = (c: number) => isUnreservedChar(c) || c === 37;

/** As `oauthHeaderPairs`, by name. */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | null {
  const pairs = oauthHeaderPairs(header);
  return pairs && new Map(pairs);
}

/**
 * The `oauth_*` parameters of an `Authorization: OAuth k="v", …` header in order, decoded; `realm`
 * is dropped (§3.5.1). Null when the header is not OAuth or not well-formed, or repeats a parameter.
 * One pass over the header: it is parsed on every signed request.
 */
export function oauthHeaderPairs(header: string | undefined): Pair[] | null {
  if (!header) return null;
  const end = header.length;
  let i = 0;
  while (i < end && isSpace(header.charCodeAt(i))) i++;
  if (header.slice(i, i + 5).toLowerCase() !== 'oauth' || !isSpace(header.charCodeAt(i + 5))) return null;
  i += 6;
  const out: Pair[] = [];
  for (let afterComma = false; ; afterComma = true) {
    while (i < end && isSpace(header.charCodeAt(i))) i++;
    if (i === end) return afterComma ? null : out;
    const keyStart = i;
    while (i < end && isNameChar(header.charCodeAt(i))) i++;
    const rawKey = header.slice(keyStart, i);
    while (i < end && isSpace(header.charCodeAt(i))) i++;
    if (!rawKey || header.charCodeAt(i) !== 61 /* = */) return null;
    i++;
    while (i < end && isSpace(header.charCodeAt(i))) i++;
    if (header.charCodeAt(i) !== 34 /* " */) return null;
    const close = header.indexOf('"', i + 1);
    if (close < 0) return null;
    const rawValue = header.slice(i + 1, close);
    i = close + 1;
    while (i < end && isSpace(header.charCodeAt(i))) i++;
    const more = i < end;
    if (more && header.charCodeAt(i++) !== 44 /* , */) return null;
    let key: string;
    let value: string;
    try {
      key = rawKey.includes('%') ? decodeURIComponent(rawKey) : rawKey;
      value = rawValue.includes('%') ? decodeURIComponent(rawValue) : rawValue;
    } catch {
      return null;
    }
    if (key !== 'realm') {
      for (let j = 0; j < out.length; j++) if (out[j]![0] === key) return null;
      out.push([key, value]);
    }
    if (!more) return out;
  }
}

export type SignInput = {
  method: string;
  url: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** Form-body parameters (never JSON); query parameters are read from `url`. */
  form?: Record<string, string>;
  /** Epoch seconds; the caller's clock (the service checks it against its own). */
  timestamp: number;
  nonce?: string;
  extra?: Record<string, string>;
};

/** Signs a request the way the SDKs do; for tests, benchmarks and examples. */
export function signRequest(i: SignInput): string {
  const u = new URL(i.url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: i.consumerKey,
    oauth_nonce: i.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(i.timestamp),
    oauth_version: '1.0',
    ...(i.token ? { oauth_token: i.token } : {}),
    ...i.extra,
  };
  const pairs: Pair[] = [...formPairs(u.search.slice(1)), ...Object.entries(i.form ?? {}), ...Object.entries(oauth)];
  const base = baseString(i.method, baseUri(u.protocol.slice(0, -1), u.host, u.pathname), parameterString(pairs));
  oauth.oauth_signature = hmacSha1(base, i.consumerSecret, i.tokenSecret ?? '');
  return (
    'OAuth ' +
    Object.entries(oauth)
      .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
      .join(', ')
  );
}
