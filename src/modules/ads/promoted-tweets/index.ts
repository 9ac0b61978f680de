// Promoted posts: routes.
export { promotedTweetsRoutes } from './promoted-tweets.routes.js';
