// Scheduled promoted posts: routes, and what runs when a scheduled post publishes (ads/index.ts).
export { scheduledPromotedTweetsRoutes } from './scheduled-promoted-tweets.routes.js';
export { onScheduledTweetPublished } from './scheduled-promoted-tweets.service.js';
