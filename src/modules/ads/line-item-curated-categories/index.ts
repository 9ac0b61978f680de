// Line item curated categories: routes.
export { lineItemCuratedCategoriesRoutes } from './line-item-curated-categories.routes.js';
