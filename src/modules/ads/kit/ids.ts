// Ads entity ids are base-36 strings (`8wku2`, `18ce54d4x5t`; notes §4), minted here from the service's
// snowflakes so they are unique across processes and grow with time (a list ordered by id is in
// creation order: snowflakes of one era have the same number of base-36 digits).
import { randomBytes } from 'node:crypto';
import type { Ids } from '../../../shared/ids.js';
import { str, type Spec } from '../../../http/input.js';

export const ID36 = /^[0-9a-z]{1,16}$/;

export function newId36(ids: Ids): string {
  return BigInt(ids.next()).toString(36);
}

/** A base-36 entity id parameter. */
export function id36(): Spec<string> {
  return str({ pattern: ID36 });
}

/** A comma list (or repeated keys) of base-36 ids, at most `max` of them (filters take up to 200, notes §4). */
export function ids36(o: { max: number } = { max: 200 }): Spec<string[]> {
  return { kind: 'ids', pattern: ID36, min: 1, max: o.max };
}

/**
 * The marker carries a secret of this process, so no text a client stores (a post, a name) can be
 * taken for one and turned from a string into a number on the way out.
 */
const SECRET = randomBytes(9).toString('hex');
const RAW_INT = `\u0000int:${SECRET}:`;
const MARKED = new RegExp(`"\\\\u0000int:${SECRET}:(\\d+)"`, 'g');

/**
 * A 64-bit id that the wire shows as a JSON number: the v1.1-style post objects of the Ads API
 * (`"id": 1326131366453198848`, notes §9.3). Numbers beyond 2^53 cannot pass through JSON.stringify
 * exactly, so the view puts this marker and the router writes the id's exact digits in its place.
 */
export const rawInt = (id: string): string => `${RAW_INT}${id}`;

/** JSON text with every rawInt marker replaced by its digits. */
export const writeRawInts = (json: string): string => (json.includes(SECRET) ? json.replace(MARKED, '$1') : json);
