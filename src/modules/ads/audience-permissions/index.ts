// Audience permissions (sharing custom audiences with other accounts): routes.
export { audiencePermissionsRoutes } from './audience-permissions.routes.js';
