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
const SHA256 = /^[0-9a-fA-F]{64}$/;
const PARTNER_ID_MAX = 255;

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

/**
 * One user object read into its identifiers (`<type>:<value>`, hashes lower-cased so both cases
 * match), or the errors found. Messages: the real `hashed_email (abc) is not a valid SHA-256 hash` and
 * `At least one user identifier must be provided` (notes §3.2) where they fit, else Aviary's wording in
 * the patterns of §3.2.
 */
export function readUser(user: unknown): { idents: string[]; errors: AdsError[] } {
  if (!isObject(user))
    return { idents: [], errors: [err(`Expected an object for users, got ${shown(user)}`, 'users')] };
  const idents: string[] = [];
  const errors: AdsError[] = [];
  for (const [key, values] of Object.entries(user)) {
    if (!(IDENTIFIERS as readonly string[]).includes(key)) {
      errors.push(err(`Expected a value in ${IDENTIFIERS.join(', ')}, got ${JSON.stringify(key)} for users`, key));
      continue;
    }
    if (!Array.isArray(values)) {
      errors.push(err(`Expected an array of strings, got ${shown(values)} for ${key}`, key));
      continue;
    }
    for (const v of values) {
      if (key === 'partner_user_id') {
        if (typeof v === 'string' && v.length > 0 && v.length <= PARTNER_ID_MAX) idents.push(`${key}:${v}`);
        else
          errors.push(err(`Expected a string of 1 to ${PARTNER_ID_MAX} characters, got ${shown(v)} for ${key}`, key));
      } else if (typeof v === 'string' && SHA256.test(v)) idents.push(`${key}:${v.toLowerCase()}`);
      else errors.push(err(`${key} (${shown(v)}) is not a valid SHA-256 hash`, key));
    }
  }
  if (!errors.length && idents.length === 0) errors.push(err('At least one user identifier must be provided', ''));
  return { idents: [...new Set(idents)], errors };
}
