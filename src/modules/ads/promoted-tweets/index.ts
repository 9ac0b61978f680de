// Promoted posts: routes.
export { promotedTweetsRoutes } from './promoted-tweets.routes.js';
export { createPromotedTweets, promoteInTx } from './promoted-tweets.service.js';
