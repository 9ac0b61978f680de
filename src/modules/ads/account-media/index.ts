// Account media: routes, the control-API route, and what the media library uses to make a PREROLL.
export { accountMediaRoutes } from './account-media.routes.js';
export { adsAccountMediaAdminRoutes } from './account-media.admin.js';
export { addAccountMedia } from './account-media.service.js';
