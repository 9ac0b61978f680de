// Promoted posts: routes.
export { promotedTweetsRoutes } from './promoted-tweets.routes.js';
export { createPromotedTweets } from './promoted-tweets.service.js';
