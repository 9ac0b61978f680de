// Signature base strings by request shape (ADR 0015). A client calling one endpoint signs requests
// that differ only in `oauth_nonce`, `oauth_timestamp` and `oauth_signature`: the rest of the
// header, the method, the URL and so the rest of the base string are the same every time. Once a
// request of a shape has been verified the long way, the base string of the next one is the stored
// text around its nonce and timestamp: no header parse, no sort, no percent-encoding. Pure: the
// verifier (oauth1.verify.ts) decides when a shape applies and keeps them.
import { signatureBase, unreservedOnly, type Pair } from './oauth1.signature.js';

/** A request's shape (`key`) and the three values it leaves out, as written in the header. */
export type Slots = { key: string; nonce: string; timestamp: string; signature: string };

/** What a verified request of one shape signed, with the nonce and timestamp left open. */
export type Shape = {
  consumerKey: string;
  token: string | undefined;
  /** The secrets the shape was verified with: a shape holds only while they are still the app's and token's. */
  consumerSecret: string;
  tokenSecret: string;
  /** `enc(consumer_secret)&enc(token_secret)`, made once. */
  signingKey: string;
  /** Whether the token was looked up (user context) or left out of the key (request-token step). */
  withToken: boolean;
  /** The base string before, between and after the two open values, and which comes first. */
  parts: readonly [string, string, string];
  nonceFirst: boolean;
  /** The header's parameters, to hand back with the open values filled in. */
  params: readonly Pair[];
};

const NONCE = 'oauth_nonce="';
const TIMESTAMP = 'oauth_timestamp="';
const SIGNATURE = 'oauth_signature="';

/** Where the value of header parameter `name` (written `name="`) starts: the name must follow a space, tab or comma. */
function valueStart(header: string, name: string): number {
  for (let at = header.indexOf(name); at > 0; at = header.indexOf(name, at + 1)) {
    const c = header.charCodeAt(at - 1);
    if (c === 32 || c === 44 || c === 9) return at + name.length;
  }
  return -1;
}

function digitsOnly(s: string): boolean {
  if (s.length < 1 || s.length > 12) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** base64 and percent-encoding: [A-Za-z0-9+/=%._~-]. No quote, space or comma, so no other parameter can hide in it. */
function signatureChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 61 || c === 37 || c === 46 || c === 95 || c === 126 || c === 45)) return false;
  }
  return true;
}

/**
 * The shape of a request — `request` (method, base URI and query, as the caller builds it) and
 * the `Authorization` header with the values of nonce, timestamp and signature taken out — and
 * those values. Null when the header has not the three, or their values need decoding (a nonce or
 * timestamp outside the unreserved set): such requests take the long way.
 */
export function slotsOf(request: string, header: string | undefined): Slots | null {
  if (!header) return null;
  const n = valueStart(header, NONCE);
  const t = valueStart(header, TIMESTAMP);
  const s = valueStart(header, SIGNATURE);
  if (n < 0 || t < 0 || s < 0) return null;
  const nEnd = header.indexOf('"', n);
  const tEnd = header.indexOf('"', t);
  const sEnd = header.indexOf('"', s);
  if (nEnd < 0 || tEnd < 0 || sEnd < 0) return null;
  const nonce = header.slice(n, nEnd);
  const timestamp = header.slice(t, tEnd);
  const signature = header.slice(s, sEnd);
  if (!nonce || nonce.length > 255 || !unreservedOnly(nonce) || !digitsOnly(timestamp) || !signatureChars(signature)) return null;
  // The header without the three values, taken in the order they are written.
  let a = n, aEnd = nEnd, b = t, bEnd = tEnd, c = s, cEnd = sEnd, x: number;
  if (a > b) { x = a; a = b; b = x; x = aEnd; aEnd = bEnd; bEnd = x; }
  if (b > c) { x = b; b = c; c = x; x = bEnd; bEnd = cEnd; cEnd = x; }
  if (a > b) { x = a; a = b; b = x; x = aEnd; aEnd = bEnd; bEnd = x; }
  const key = `${request}\n${header.slice(0, a)}${header.slice(aEnd, b)}${header.slice(bEnd, c)}${header.slice(cEnd)}`;
  return { key, nonce, timestamp, signature };
}

const OPEN_NONCE = '\u0001';
const OPEN_TIMESTAMP = '\u0002';
/** How the open values read in a base string: percent-encoded twice. */
const NONCE_MARK = '%2501';
const TIMESTAMP_MARK = '%2502';

/**
 * The shape of a request verified the long way: the base string rebuilt with the nonce and
 * timestamp open (the same pairs, order and encoding that matched). Null when the open values could
 * move in the sort (another parameter of the same name) or be confused with other text.
 */
export function shapeOf(o: {
  method: string; uri: string; pairs: readonly Pair[]; compare: ((a: string, b: string) => number) | undefined;
  nonce: Pair; timestamp: Pair; base: string;
  consumerKey: string; token: string | undefined; consumerSecret: string; tokenSecret: string; signingKey: string; withToken: boolean; params: readonly Pair[];
}): Shape | null {
  const named = (k: string) => o.pairs.filter((p) => p[0] === k).length;
  if (named('oauth_nonce') !== 1 || named('oauth_timestamp') !== 1) return null;
  const open = o.pairs.map((p): Pair => (p === o.nonce ? [p[0], OPEN_NONCE] : p === o.timestamp ? [p[0], OPEN_TIMESTAMP] : p));
  const base = signatureBase(o.method, o.uri, open, o.compare);
  const byNonce = base.split(NONCE_MARK);
  const byTimestamp = base.split(TIMESTAMP_MARK);
  if (byNonce.length !== 2 || byTimestamp.length !== 2) return null;
  const nonceFirst = byNonce[0]!.length < byTimestamp[0]!.length;
  const [first, rest] = (nonceFirst ? byNonce : byTimestamp) as [string, string];
  const [between, after] = rest.split(nonceFirst ? TIMESTAMP_MARK : NONCE_MARK) as [string, string];
  const shape: Shape = {
    consumerKey: o.consumerKey, token: o.token, consumerSecret: o.consumerSecret, tokenSecret: o.tokenSecret, signingKey: o.signingKey, withToken: o.withToken,
    parts: [first, between, after], nonceFirst, params: o.params,
  };
  // The shape must give back the base string that was verified.
  return baseOf(shape, o.nonce[1], o.timestamp[1]) === o.base ? shape : null;
}

/** The base string of a request of this shape. `nonce` and `timestamp` are unreserved: encoded, they read the same. */
export function baseOf(shape: Shape, nonce: string, timestamp: string): string {
  const [first, between, after] = shape.parts;
  return shape.nonceFirst ? first + nonce + between + timestamp + after : first + timestamp + between + nonce + after;
}
