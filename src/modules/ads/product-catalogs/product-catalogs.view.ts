// Product catalogs on the wire: `{id, name}` (seed "Product catalog"; the docs' examples).
import type { CatalogRow } from './product-catalogs.repo.js';

export function catalogView(r: CatalogRow) {
  return { id: r.id, name: r.name };
}
