// The OpenAPI document route (what other modules and app.ts may use).
export { openapiRoutes } from './openapi.routes.js';
export { coverageMarkdown, servedBy, type OpenApiDoc } from './openapi.coverage.js';
