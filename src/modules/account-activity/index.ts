// What other modules may use of the Account Activity API: routes, subscribers, legacy bodies.
import { onWebhookDeleted } from '../webhooks/index.js';
import { aaaRepo } from './account-activity.repo.js';

export { accountActivityRoutes } from './account-activity.routes.js';
export { subscribersOf } from './account-activity.service.js';
export { legacyBody, legacyJson, type LegacyEvent } from './account-activity.view.js';

onWebhookDeleted((tx, id) => aaaRepo.removeWebhook(tx, id));
