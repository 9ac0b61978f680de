// Credential material: generation in the real formats, hashing for storage, constant-time checks.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function alnum(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[bytes[i]! % ALNUM.length];
  return out;
}

/** Keys look like the portal's: 25-char consumer key, 50-char secrets. */
export const newConsumerKey = () => alnum(25);
export const newSecret = () => alnum(50);
export const newClientId = () => randomBytes(24).toString('base64url').slice(0, 34);
/** App-only bearer tokens in the real shape: a run of A's, then percent-encoded base64. */
export function newBearerToken(): string {
  return 'AAAAAAAAAAAAAAAAAAAAA' + encodeURIComponent(randomBytes(66).toString('base64')).slice(0, 90);
}
/** OAuth 2.0 user tokens: opaque base64url with a kind marker the way the real ones end (`:1:0:at:1`). */
export function newOAuth2Token(kind: 'at' | 'rt'): string {
  return `${randomBytes(48).toString('base64url')}:${randomBytes(6).readUIntBE(0, 6)}:1:${kind}:1`;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Constant-time string equality: every code unit of `b` is compared whatever differs first, so the
 * time taken tells nothing about how much of a secret was right. (Two Buffers and timingSafeEqual
 * cost over a microsecond on the control API's every request; this costs a few dozen nanoseconds.)
 */
export function safeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  // Past the end of `a`, charCodeAt gives NaN, which `^` reads as 0: the lengths already differ.
  for (let i = 0; i < b.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
