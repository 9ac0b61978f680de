// Reposts are posts: the write path lives in posts; this module only routes.
export { repostsRoutes } from './reposts.routes.js';
