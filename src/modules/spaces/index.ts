// What other modules may use of Spaces: the routes and control routes (mounted by app.ts).
export { spacesRoutes } from './spaces.routes.js';
export { spacesAdminRoutes } from './spaces.admin.js';
