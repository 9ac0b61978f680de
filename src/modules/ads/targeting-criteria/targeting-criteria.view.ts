// Targeting criteria on the wire (notes §8.4: the docs' criterion object; LOCATION adds
// `location_type`; `lang` adds `localized_name`).
import { adsTime } from '../kit/time.js';
import type { TargetingCriterionRow } from './targeting-criteria.repo.js';

export function criterionView(r: TargetingCriterionRow, lang?: string) {
  return {
    line_item_id: r.line_item_id,
    name: r.name,
    id: r.id,
    operator_type: r.operator_type,
    created_at: adsTime(r.created_at),
    targeting_value: r.targeting_value,
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
    targeting_type: r.targeting_type,
    ...(r.location_type !== null ? { location_type: r.location_type } : {}),
    // Aviary's catalogs are in English only, so the localized name is the name in every language.
    ...(lang !== undefined ? { localized_name: r.name } : {}),
  };
}
