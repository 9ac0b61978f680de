// Targeting criteria: routes, and the locations catalog other resources may resolve values with.
export { targetingCriteriaRoutes } from './targeting-criteria.routes.js';
export { LOCATIONS, locationByValue, type Location } from './locations.data.js';
export { createCriterion } from './targeting-criteria.service.js';
export { lineItemIdsTargeting } from './targeting-criteria.repo.js';
