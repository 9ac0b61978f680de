// Product catalogs: routes, and the catalog check products and product sets make.
export { productCatalogsRoutes } from './product-catalogs.routes.js';
export { requireCatalog } from './product-catalogs.service.js';
export type { CatalogRow } from './product-catalogs.repo.js';
