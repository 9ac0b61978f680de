// Product sets: routes.
export { productSetsRoutes } from './product-sets.routes.js';
