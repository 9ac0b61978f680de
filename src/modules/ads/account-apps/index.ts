// Account apps: routes and the control API.
export { accountAppsRoutes } from './account-apps.routes.js';
export { adsAccountAppsAdminRoutes } from './account-apps.admin.js';
