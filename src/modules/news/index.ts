// What other modules may use of news: the routes (mounted by app.ts).
export { newsRoutes } from './news.routes.js';
