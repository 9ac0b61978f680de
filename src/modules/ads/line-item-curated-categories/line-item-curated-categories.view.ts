// Line item curated categories on the wire (DOCS campaign-management/reference.mdx "Line Item Curated
// Categories"; seed "Line item curated category").
import { adsTime } from '../kit/time.js';
import type { LineItemCuratedCategoryRow } from './line-item-curated-categories.repo.js';

export function lineItemCuratedCategoryView(r: LineItemCuratedCategoryRow) {
  return {
    line_item_id: r.line_item_id,
    curated_category_id: r.curated_category_id,
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
  };
}
