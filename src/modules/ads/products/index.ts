// Products: routes, the field rules (price parsing for product-set filters) and what product sets read.
export { productsRoutes } from './products.routes.js';
export { catalogProducts, productKeysFound } from './products.service.js';
export { parsePrice, type ProductData } from './products.fields.js';
