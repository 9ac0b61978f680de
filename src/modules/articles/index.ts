// What other modules may use of articles: the routes (mounted by app.ts).
export { articlesRoutes } from './articles.routes.js';
