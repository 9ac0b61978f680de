// The rules of custom audiences a store need not check (seed "Audiences" and "Limits"; notes §10.1–
// §10.3), as plain functions: what makes an audience targetable on the service clock, and the shape of
// one user of a users batch.
import type { AdsError } from '../kit/errors.js';

/** "Custom audience users batch: 2,500 operations; body up to 5,000,000 bytes" (seed "Limits"). */
export const MAX_OPERATIONS = 2500;
export const MAX_BODY_BYTES = 5_000_000;
/** "Targetable threshold: ≥100 matched users" (notes §10.1). */
export const MIN_TARGETABLE_SIZE = 100;
/**
 * How long an audience stays PROCESSING after it is made or its members change ("for a while after a
 * change", issue #19): Aviary's choice, 15 minutes of the service clock. Tests advance the virtual
 * clock past it (`POST /_aviary/clock {advance_ms}`).
 */
export const PROCESSING_MS = 15 * 60_000;

/** The identifier arrays of one user (notes §10.2). */
export const IDENTIFIERS = ['email', 'device_id', 'handle', 'twitter_id', 'phone_number', 'partner_user_id'] as const;
/** "Every value except partner_user_id is SHA-256 hashed" (seed); either hex case (notes §10.2). */
const PARTNER_ID_MAX = 255;
/**
 * How an identifier is stored (migration 0022): a letter for its type, then the value. A hash's 64 hex
 * digits (either case) are packed 3 digits to 2 symbols of a 64-symbol alphabet, 43 characters: its
 * b-tree rows are ~25 % shorter than `email:<64 hex>`, and sort faster (bench/NOTES.md 2026-11-24).
 */
const TYPE_LETTER: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, {
  email: 0x65, // e
  device_id: 0x64, // d
  handle: 0x68, // h
  twitter_id: 0x74, // t
  phone_number: 0x70, // p
  partner_user_id: 0x75, // u (the value as given)
});
/** Ascending in ASCII, so packed values sort as their hex digits do. */
const SYMBOLS = Buffer.from('-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz', 'latin1');
const HEX = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) {
  HEX[d.toString(16).charCodeAt(0)] = d;
  HEX[d.toString(16).toUpperCase().charCodeAt(0)] = d;
}
const packed = Buffer.alloc(44);
const hexAt = (v: string, i: number) => {
  const c = v.charCodeAt(i);
  return c < 128 ? HEX[c]! : -1;
};

/** The stored form of a SHA-256 hash of this type, or null if `v` is not 64 hex digits. */
export function packHash(letter: number, v: string): string | null {
  if (v.length !== 64) return null;
  packed[0] = letter;
  let o = 1;
  for (let i = 0; i < 63; i += 3) {
    const a = hexAt(v, i);
    const b = hexAt(v, i + 1);
    const c = hexAt(v, i + 2);
    if ((a | b | c) < 0) return null;
    const x = (a << 8) | (b << 4) | c;
    packed[o++] = SYMBOLS[x >> 6]!;
    packed[o++] = SYMBOLS[x & 63]!;
  }
  const d = hexAt(v, 63);
  if (d < 0) return null;
  packed[o++] = SYMBOLS[d]!;
  return packed.toString('latin1', 0, o);
}

export type AudienceStatus = {
  targetable: boolean;
  reasons_not_targetable: string[];
  /** Null while PROCESSING: the size is known once the change is processed. */
  audience_size: number | null;
};

/**
 * Targetable once processed and with at least 100 live members ("every well-formed member counts as
 * matched": Aviary cannot know who exists on the real network, issue #19).
 */
export function audienceStatus(liveMembers: number, processedAt: number, now: number): AudienceStatus {
  const processing = now < processedAt;
  const small = liveMembers < MIN_TARGETABLE_SIZE;
  const reasons = [...(processing ? ['PROCESSING'] : []), ...(small ? ['TOO_SMALL'] : [])];
  return {
    targetable: reasons.length === 0,
    reasons_not_targetable: reasons,
    audience_size: processing ? null : liveMembers,
  };
}

/** "expires_at … defaults to 13 months after the request" (seed): calendar months, UTC. */
export function thirteenMonthsAfter(ms: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + 13);
  return d.getTime();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const err = (message: string, parameter: string): AdsError => ({ code: 'INVALID_PARAMETER', message, parameter });
const shown = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).slice(0, 100);
const NO_ERRORS: AdsError[] = Object.freeze([]) as unknown as AdsError[];

/**
 * One user object read into its identifiers (stored form, `packHash`: both hex cases match), or the
 * errors found. Messages: the real `hashed_email (abc) is not a valid SHA-256 hash` and `At least one
 * user identifier must be provided` (notes §3.2) where they fit, else Aviary's wording in the patterns
 * of §3.2. A 5 MB batch reads ~60,000 users: no intermediate strings or arrays for a good one.
 */
export function readUser(user: unknown): { idents: string[]; errors: AdsError[] } {
  if (!isObject(user))
    return { idents: [], errors: [err(`Expected an object for users, got ${shown(user)}`, 'users')] };
  const idents: string[] = [];
  let errors = NO_ERRORS;
  const fail = (e: AdsError) => (errors === NO_ERRORS ? (errors = [e]) : errors.push(e));
  for (const key of Object.keys(user)) {
    const values = user[key];
    const letter = TYPE_LETTER[key];
    if (letter === undefined) {
      fail(err(`Expected a value in ${IDENTIFIERS.join(', ')}, got ${JSON.stringify(key)} for users`, key));
      continue;
    }
    if (!Array.isArray(values)) {
      fail(err(`Expected an array of strings, got ${shown(values)} for ${key}`, key));
      continue;
    }
    for (const v of values) {
      if (key === 'partner_user_id') {
        if (typeof v === 'string' && v.length > 0 && v.length <= PARTNER_ID_MAX) idents.push('u' + v);
        else fail(err(`Expected a string of 1 to ${PARTNER_ID_MAX} characters, got ${shown(v)} for ${key}`, key));
        continue;
      }
      const ident = typeof v === 'string' ? packHash(letter, v) : null;
      if (ident !== null) idents.push(ident);
      else fail(err(`${key} (${shown(v)}) is not a valid SHA-256 hash`, key));
    }
  }
  if (errors === NO_ERRORS && idents.length === 0) fail(err('At least one user identifier must be provided', ''));
  return { idents: idents.length > 1 ? [...new Set(idents)] : idents, errors };
}
