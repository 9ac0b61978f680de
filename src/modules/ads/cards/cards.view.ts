// v12 cards on the wire (notes §9.4: the docs' create answer and the Python SDK's cards_load.json):
// `{name, components, id, created_at, card_uri, updated_at, deleted, card_type}`. A multi-destination
// carousel answers `slides` in place of `components` (its answer is not shown: Aviary's reading).
import { adsTime } from '../kit/time.js';
import type { CardRow } from './cards.repo.js';

export function cardView(r: CardRow): Record<string, unknown> {
  return {
    name: r.name,
    ...(r.slides !== null ? { slides: JSON.parse(r.slides) } : { components: JSON.parse(r.components ?? '[]') }),
    id: r.id,
    created_at: adsTime(r.created_at),
    card_uri: r.card_uri,
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
    card_type: r.card_type,
  };
}
