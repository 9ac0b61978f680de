// HMAC-SHA1 (RFC 2104) on node's one-shot `crypto.hash`, with each key's pads prepared once. It
// gives exactly what `createHmac('sha1', key).update(message).digest('base64')` gives (the plain
// version; hmac-sha1.test.ts compares both over RFC 2202's vectors and thousands of random keys and
// messages). Why it exists: `createHmac` sets up an OpenSSL HMAC context on every call, ~2.7 µs
// against ~1.3 µs here, for every OAuth 1.0a request verified (bench/NOTES.md, 2026-11-24). Its one
// caller is the verifier (oauth1.verify.ts); signing for tests and benches uses `createHmac`.
import { hash } from 'node:crypto';

const BLOCK = 64;
const DIGEST = 20;
type Pads = { inner: Buffer; outer: Buffer };
/** Per key: the inner pad, and the outer pad with room for the inner digest after it. */
const padsByKey = new Map<string, Pads>();
const MAX_KEYS = 1000;
/** Inner pad + message, written in place: one buffer for every call (each call is synchronous). */
let scratch = Buffer.allocUnsafe(4096);

function padsOf(key: string): Pads {
  let pads = padsByKey.get(key);
  if (!pads) {
    let k: Buffer = Buffer.from(key, 'utf8');
    if (k.length > BLOCK) k = Buffer.from(hash('sha1', k, 'binary'), 'latin1');
    const inner = Buffer.alloc(BLOCK, 0x36);
    const outer = Buffer.alloc(BLOCK + DIGEST, 0x5c);
    for (let i = 0; i < k.length; i++) {
      inner[i]! ^= k[i]!;
      outer[i]! ^= k[i]!;
    }
    if (padsByKey.size >= MAX_KEYS) padsByKey.clear();
    padsByKey.set(key, (pads = { inner, outer }));
  }
  return pads;
}

/**
 * base64 HMAC-SHA1 of `message` (UTF-8) under `key` (UTF-8): the same as createHmac('sha1',
 * key).update(message).digest('base64').
 */
export function hmacSha1Base64(key: string, message: string): string {
  const { inner, outer } = padsOf(key);
  // A UTF-16 code unit is at most 3 bytes of UTF-8: room enough without measuring the message first.
  if (scratch.length < BLOCK + 3 * message.length) scratch = Buffer.allocUnsafe(2 * (BLOCK + 3 * message.length));
  inner.copy(scratch, 0);
  const length = BLOCK + scratch.write(message, BLOCK, 'utf8');
  outer.write(hash('sha1', scratch.subarray(0, length), 'binary'), BLOCK, 'latin1');
  return hash('sha1', outer, 'base64');
}
