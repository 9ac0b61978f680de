// Do-not-reach lists on the wire (notes §10.4: the docs' object). The name is fixed.
// `targetable`, `reasons_not_targetable` and `list_size` are computed from the live members at the
// time of the read (service clock):
//   - TOO_SMALL under 100 members: the documented threshold of custom audiences ("≥100 matched
//     users", notes §10.1), which Aviary applies to this list too (the docs give none of its own);
//   - PROCESSING for PROCESSING_MS after the list was made or its members changed. The real delay is
//     not documented; 30 minutes is Aviary's choice (tests and demos advance the virtual clock);
//   - `list_size` null while the list is TOO_SMALL, as every docs example with TOO_SMALL shows it.
// Aviary cannot know who exists on the network, so every well-formed member counts.
import { adsTime } from '../kit/time.js';
import type { DnrListRow } from './do-not-reach-lists.repo.js';

export const NAME = 'Do Not Reach List';
export const MIN_SIZE = 100;
export const PROCESSING_MS = 30 * 60_000;

export function dnrListView(r: DnrListRow, size: number, now: number) {
  const reasons: string[] = [];
  if (now < Number(r.changed_at) + PROCESSING_MS) reasons.push('PROCESSING');
  if (size < MIN_SIZE) reasons.push('TOO_SMALL');
  return {
    targetable: reasons.length === 0,
    name: NAME,
    description: r.description,
    id: r.id,
    reasons_not_targetable: reasons,
    created_at: adsTime(Number(r.created_at)),
    list_size: size < MIN_SIZE ? null : size,
    updated_at: adsTime(Number(r.updated_at)),
    deleted: Boolean(r.deleted),
  };
}
