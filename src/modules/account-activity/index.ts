// What other modules may use of the Account Activity API: routes, subscribers, legacy bodies,
// what a webhook deletion does to subscriptions.
export { accountActivityRoutes } from './account-activity.routes.js';
export { anySubscriber, ANY_SUBSCRIBER_SQL, subscribersOf, removeDeletedWebhook } from './account-activity.service.js';
export { legacyBody, legacyJson, legacyTweet, legacyUser, type LegacyEvent } from './account-activity.view.js';
export type { AaaRow } from './account-activity.repo.js';
