// Scheduled posts: routes, the publisher (its runtime member and start, composed in ads/index.ts and
// main.ts), the reader GET tweets uses, and the lookup scheduled promoted posts make.
export { scheduledTweetsRoutes } from './scheduled-tweets.routes.js';
export {
  createScheduledTweetTimers,
  publishScheduled,
  startScheduledTweets,
  type OnPublished,
  type Published,
} from './scheduled-tweets.publisher.js';
export { scheduledTweetOf, waitingTweets } from './scheduled-tweets.service.js';
export type { ScheduledTweetRow } from './scheduled-tweets.repo.js';
