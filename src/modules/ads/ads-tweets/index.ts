// Posts made through the Ads API: routes, the content checks and post records that scheduled and
// draft posts share, and the reader type the Ads root composes GET tweets with.
export { adsTweetsRoutes } from './ads-tweets.routes.js';
export { checkContent, checkedColumns, type Content, type NewContent } from './ads-tweets.content.js';
export { CHANGED_CONTENT, NEW_CONTENT } from './ads-tweets.schema.js';
export { ADS_SOURCE, recordAdsTweet, type UnpublishedReader } from './ads-tweets.service.js';
export type { UnpublishedTweet } from './ads-tweets.view.js';
