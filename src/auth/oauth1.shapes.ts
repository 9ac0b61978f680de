// Signature base strings by request shape (ADR 0015). A client calling one endpoint signs requests
// that differ only in `oauth_nonce`, `oauth_timestamp` and `oauth_signature`: the rest of the
// header, the method, the URL and so the rest of the base string are the same every time. Once a
// request of a shape has been verified the long way, the base string of the next one is the stored
// text around its nonce and timestamp: no header parse, no sort, no percent-encoding. Pure: the
// verifier (oauth1.verify.ts) keeps the shapes, and decides when one applies.
import { signatureBase, unreservedOnly, type Pair } from './oauth1.signature.js';

/** The three values a shape leaves open, as written in the header (the signature still percent-encoded). */
export type Values = { nonce: string; timestamp: string; signature: string };

/** An `Authorization` header's text around its three values, and which value each cut is. */
export type HeaderText = { segments: readonly [string, string, string, string]; order: readonly [Slot, Slot, Slot] };
/** A header cut around its three values: the values, and the text around them. */
export type HeaderCut = Values & HeaderText;
type Slot = 'nonce' | 'timestamp' | 'signature';

/**
 * A base string with the nonce and timestamp left open: the text before, between and after them, and which comes first.
 */
export type OpenBase = { parts: readonly [string, string, string]; nonceFirst: boolean };

const NONCE = 'oauth_nonce="';
const TIMESTAMP = 'oauth_timestamp="';
const SIGNATURE = 'oauth_signature="';

/** Where the value of header parameter `name` (written `name="`) starts: the name must follow a space, tab or comma. */
export function valueStart(header: string, name: string): number {
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
    if (!(
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      c === 43 ||
      c === 47 ||
      c === 61 ||
      c === 37 ||
      c === 46 ||
      c === 95 ||
      c === 126 ||
      c === 45
    ))
      return false;
  }
  return true;
}

/**
 * Whether the values can be used as written: nothing to decode in the nonce and timestamp, nothing in any of the three
 * that could end a parameter.
 */
function plainValues(nonce: string, timestamp: string, signature: string): boolean {
  return (
    nonce.length > 0 &&
    nonce.length <= 255 &&
    unreservedOnly(nonce) &&
    digitsOnly(timestamp) &&
    signatureChars(signature)
  );
}

/**
 * An `Authorization` header cut around the values of `oauth_nonce`, `oauth_timestamp` and
 * `oauth_signature`. Null when the header has not the three, or their values need decoding (a
 * nonce or timestamp outside the unreserved set): such requests always take the long way.
 */
export function cutHeader(header: string | undefined): HeaderCut | null {
  if (!header) return null;
  const cuts: [number, number, Slot][] = [];
  for (const [name, slot] of [
    [NONCE, 'nonce'],
    [TIMESTAMP, 'timestamp'],
    [SIGNATURE, 'signature'],
  ] as const) {
    const start = valueStart(header, name);
    const end = start < 0 ? -1 : header.indexOf('"', start);
    if (end < 0) return null;
    cuts.push([start, end, slot]);
  }
  cuts.sort((x, y) => x[0] - y[0]);
  const [[a, aEnd, first], [b, bEnd, second], [c, cEnd, third]] = cuts as [
    [number, number, Slot],
    [number, number, Slot],
    [number, number, Slot],
  ];
  const value = (slot: Slot) => {
    const [start, end] = cuts.find((x) => x[2] === slot)!;
    return header.slice(start, end);
  };
  const nonce = value('nonce'),
    timestamp = value('timestamp'),
    signature = value('signature');
  if (!plainValues(nonce, timestamp, signature)) return null;
  return {
    nonce,
    timestamp,
    signature,
    segments: [header.slice(0, a), header.slice(aEnd, b), header.slice(bEnd, c), header.slice(cEnd)],
    order: [first, second, third],
  };
}

/**
 * The three values of `header` when it is `text` with other values in them, else null.
 * Every cut but the last ends with `name="` and the values hold no quote, so each value ends at the
 * next quote; the text around them must be `text`'s, whole.
 */
export function valuesIn(text: HeaderText, header: string): Values | null {
  // Slices compared with === (a memory compare): several times faster here than startsWith at an offset.
  const seg = text.segments;
  const s0 = seg[0],
    s1 = seg[1],
    s2 = seg[2],
    s3 = seg[3];
  const a = s0.length;
  if (header.slice(0, a) !== s0) return null;
  const aEnd = header.indexOf('"', a);
  const b = aEnd + s1.length;
  if (aEnd < 0 || header.slice(aEnd, b) !== s1) return null;
  const bEnd = header.indexOf('"', b);
  const c = bEnd + s2.length;
  if (bEnd < 0 || header.slice(bEnd, c) !== s2) return null;
  const cEnd = header.indexOf('"', c);
  if (cEnd < 0 || cEnd + s3.length !== header.length || header.slice(cEnd) !== s3) return null;
  const v0 = header.slice(a, aEnd),
    v1 = header.slice(b, bEnd),
    v2 = header.slice(c, cEnd);
  const o0 = text.order[0],
    o1 = text.order[1];
  const nonce = o0 === 'nonce' ? v0 : o1 === 'nonce' ? v1 : v2;
  const timestamp = o0 === 'timestamp' ? v0 : o1 === 'timestamp' ? v1 : v2;
  const signature = o0 === 'signature' ? v0 : o1 === 'signature' ? v1 : v2;
  return plainValues(nonce, timestamp, signature) ? { nonce, timestamp, signature } : null;
}

const OPEN_NONCE = '\u0001';
const OPEN_TIMESTAMP = '\u0002';
/** How the open values read in a base string: percent-encoded twice. */
const NONCE_MARK = '%2501';
const TIMESTAMP_MARK = '%2502';

/**
 * The base string a request was verified with, rebuilt with its nonce and timestamp open (the same
 * pairs, order and encoding that matched). Null when the open values could move in the sort
 * (another parameter of the same name) or be confused with other text.
 */
export function openBase(o: {
  method: string;
  uri: string;
  pairs: readonly Pair[];
  compare: ((a: string, b: string) => number) | undefined;
  nonce: Pair;
  timestamp: Pair;
  base: string;
}): OpenBase | null {
  const named = (k: string) => o.pairs.filter((p) => p[0] === k).length;
  if (named('oauth_nonce') !== 1 || named('oauth_timestamp') !== 1) return null;
  const open = o.pairs.map((p): Pair =>
    p === o.nonce ? [p[0], OPEN_NONCE] : p === o.timestamp ? [p[0], OPEN_TIMESTAMP] : p,
  );
  const base = signatureBase(o.method, o.uri, open, o.compare);
  const byNonce = base.split(NONCE_MARK);
  const byTimestamp = base.split(TIMESTAMP_MARK);
  if (byNonce.length !== 2 || byTimestamp.length !== 2) return null;
  const nonceFirst = byNonce[0]!.length < byTimestamp[0]!.length;
  const [first, rest] = (nonceFirst ? byNonce : byTimestamp) as [string, string];
  const [between, after] = rest.split(nonceFirst ? TIMESTAMP_MARK : NONCE_MARK) as [string, string];
  const opened: OpenBase = { parts: [first, between, after], nonceFirst };
  // It must give back the base string that was verified.
  return baseOf(opened, o.nonce[1], o.timestamp[1]) === o.base ? opened : null;
}

/** The base string with these values. `nonce` and `timestamp` are unreserved: encoded, they read the same. */
export function baseOf(open: OpenBase, nonce: string, timestamp: string): string {
  const [first, between, after] = open.parts;
  return open.nonceFirst ? first + nonce + between + timestamp + after : first + timestamp + between + nonce + after;
}

const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : 256;

/**
 * Whether `written` (percent-encoded, as in a header) decodes to `expected`, without decoding it
 * first. Every character is looked at whatever differs first, like safeEqual.
 */
export function encodedEquals(expected: string, written: string): boolean {
  let diff = 0;
  let j = 0;
  for (let i = 0; i < written.length; i++, j++) {
    let c = written.charCodeAt(i);
    if (c === 37 && i + 2 < written.length) {
      c = (hexValue(written.charCodeAt(i + 1)) << 4) | hexValue(written.charCodeAt(i + 2));
      i += 2;
    }
    // Past the end of `expected`, charCodeAt gives NaN, which `^` reads as 0: the lengths differ then.
    diff |= c ^ expected.charCodeAt(j);
  }
  return (diff | (j ^ expected.length)) === 0;
}
