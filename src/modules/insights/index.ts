// What other modules may use of insights: the routes (mounted by app.ts).
export { insightsRoutes } from './insights.routes.js';
