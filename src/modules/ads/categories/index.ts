// Category catalogs: routes, and the look-ups line items and line item curated categories use.
export { categoriesRoutes } from './categories.routes.js';
export { businessCategoryOfIab, curatedCategoryById } from './categories.service.js';
export type { BusinessCategory, CuratedCategory } from './categories.catalog.js';
