// Promotable users: routes, and the check promoted posts make.
export { promotableUsersRoutes } from './promotable-users.routes.js';
export { isPromotableUser } from './promotable-users.service.js';
