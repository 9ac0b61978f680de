// What other modules may use of the v1.1 account API: its routes (mounted by app.ts).
export { accountRoutes } from './account.routes.js';
