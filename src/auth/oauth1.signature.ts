// OAuth 1.0a signatures (RFC 5849 §3.4), pure: percent-encoding, the parameter string, the base
// string, HMAC-SHA1, and the `Authorization: OAuth …` header both ways. No I/O, no clock.
import { createHmac, randomBytes } from 'node:crypto';

export type Pair = readonly [string, string];

const UNRESERVED_ONLY = /^[A-Za-z0-9._~-]*$/;
const KEPT_BY_ENCODE_URI = /[!'()*]/;
const KEPT_BY_ENCODE_URI_ALL = /[!'()*]/g;
const hex = (c: string) => '%' + c.charCodeAt(0).toString(16).toUpperCase();

/** RFC 3986 unreserved set kept, everything else `%XX` upper-case; space is `%20` (notes §11.1). */
export function percentEncode(s: string): string {
  // Fast paths: this runs for every parameter of every signed request.
  if (UNRESERVED_ONLY.test(s)) return s;
  const e = encodeURIComponent(s);
  return KEPT_BY_ENCODE_URI.test(e) ? e.replace(KEPT_BY_ENCODE_URI_ALL, hex) : e;
}

/**
 * Name/value pairs of a query string or form body. `+` is a space there (application/x-www-form-urlencoded);
 * SDKs encode a space in bodies as `+` (notes §11.1, Ads notes), so it must be decoded before re-encoding.
 */
export function formPairs(text: string): Pair[] {
  if (!text) return [];
  return [...new URLSearchParams(text)].map(([k, v]) => [k, v] as const);
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Encoded pairs sorted by key then value (§3.4.1.3.2); `compare` lets a verifier try XDK's localeCompare. */
export function parameterString(pairs: readonly Pair[], compare: (a: string, b: string) => number = byteOrder): string {
  return pairs
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort((x, y) => compare(x[0], y[0]) || byteOrder(x[1], y[1]))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
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

/** HMAC-SHA1 keyed `enc(consumer_secret)&enc(token_secret)`, base64 (§3.4.2). */
export function hmacSha1(base: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(base).digest('base64');
}

/**
 * The `oauth_*` parameters of an `Authorization: OAuth k="v", …` header, decoded; `realm` is dropped
 * (§3.5.1). Null when the header is not OAuth or not well-formed, or repeats a parameter.
 */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | null {
  if (!header) return null;
  const m = /^OAuth\s+(.*)$/is.exec(header.trim());
  if (!m) return null;
  const out = new Map<string, string>();
  const rest = m[1]!.trim();
  if (rest === '') return out;
  for (const part of rest.split(',')) {
    const kv = /^\s*([A-Za-z0-9_%.~-]+)\s*=\s*"([^"]*)"\s*$/.exec(part);
    if (!kv) return null;
    let key: string;
    let value: string;
    try {
      key = kv[1]!.includes('%') ? decodeURIComponent(kv[1]!) : kv[1]!;
      value = kv[2]!.includes('%') ? decodeURIComponent(kv[2]!) : kv[2]!;
    } catch {
      return null;
    }
    if (key === 'realm') continue;
    if (out.has(key)) return null;
    out.set(key, value);
  }
  return out;
}

export type SignInput = {
  method: string; url: string; consumerKey: string; consumerSecret: string; token?: string; tokenSecret?: string;
  /** Form-body parameters (never JSON); query parameters are read from `url`. */
  form?: Record<string, string>;
  /** Epoch seconds; the caller's clock (the service checks it against its own). */
  timestamp: number;
  nonce?: string; extra?: Record<string, string>;
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
  return 'OAuth ' + Object.entries(oauth).map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`).join(', ');
}
