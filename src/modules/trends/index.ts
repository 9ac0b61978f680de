// What other modules may use of trends: the routes (mounted by app.ts).
export { trendsRoutes } from './trends.routes.js';
