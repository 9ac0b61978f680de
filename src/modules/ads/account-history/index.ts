// Account history: routes.
export { accountHistoryRoutes } from './account-history.routes.js';
