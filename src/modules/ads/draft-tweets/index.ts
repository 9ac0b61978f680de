// Draft posts: routes, and the reader GET tweets uses (composed in ads/index.ts).
export { draftTweetsRoutes } from './draft-tweets.routes.js';
export { draftTweets } from './draft-tweets.service.js';
