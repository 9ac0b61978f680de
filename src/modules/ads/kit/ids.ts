// Ads entity ids are base-36 strings (`8wku2`, `18ce54d4x5t`; notes §4), minted here from the service's
// snowflakes so they are unique across processes and grow with time (a list ordered by id is in
// creation order: snowflakes of one era have the same number of base-36 digits).
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
