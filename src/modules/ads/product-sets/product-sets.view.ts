// Product sets on the wire (notes §11; the docs' example, in its order): product_ids are the
// merchant ids of the products in the set, computed by the service.
import type { Filter } from './product-sets.rules.js';
import type { ProductSetRow } from './product-sets.repo.js';

export type ProcessingStatus = 'DONE' | 'PROCESSING' | 'FAILED';

export function productSetView(r: ProductSetRow, productIds: string[], status: ProcessingStatus) {
  return {
    name: r.name,
    description: r.description,
    product_ids: productIds,
    processing_status: status,
    id: r.id,
    filters: JSON.parse(r.filters) as Filter[],
    type: r.type,
  };
}
