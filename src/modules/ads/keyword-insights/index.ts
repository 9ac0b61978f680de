// Keyword insights: routes.
export { keywordInsightsRoutes } from './keyword-insights.routes.js';
