// Categories on the wire: the objects of the docs' example responses (notes §7; xdevplatform/docs
// campaign-management/reference.mdx "Advertiser Business Categories", "Curated Categories").
import type { BusinessCategory, CuratedCategory } from './categories.catalog.js';

export function businessCategoryView(b: BusinessCategory) {
  return { id: b.id, name: b.name, iab_categories: [...b.iab_categories] };
}

export function curatedCategoryView(c: CuratedCategory) {
  return {
    name: c.name,
    description: c.description,
    country_codes: [...c.country_codes],
    publisher_user_ids: [...c.publisher_user_ids],
    id: c.id,
    created_at: c.created_at,
    updated_at: c.updated_at,
    videos_monetized_in_last_thirty_days: c.videos_monetized_in_last_thirty_days,
  };
}
