// Domain → wire shape of the v2 Place object: `id` and `full_name` always, the rest on request.
import { pick, type Renderers } from '../../shared/pick.js';
import type { PlaceRecord } from './places.catalog.js';

const RENDER: Renderers<PlaceRecord> = {
  contained_within: (p) => p.contained_within,
  country: (p) => p.country,
  country_code: (p) => p.country_code,
  geo: (p) => ({ type: 'Feature', bbox: p.bbox, properties: {} }),
  name: (p) => p.name,
  place_type: (p) => p.place_type,
};

export function placeView(p: PlaceRecord, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { full_name: p.full_name, id: p.id };
  return pick(RENDER, p, fields, out);
}
