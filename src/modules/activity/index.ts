// What other modules may use of the X Activity API: its routes and the fan-out worker.
export { activityRoutes } from './activity.routes.js';
export { startDispatcher, SOURCE_TOPICS } from './activity.dispatch.js';
export { EVENT_TYPES, kindOf } from './activity.kinds.js';
export { emitSynthetic, patchProfile, startSpace, endSpace, spaceView, dmSignal } from './activity.control.js';

import { onWebhookDeleted } from '../webhooks/index.js';
import { activityRepo } from './activity.repo.js';
// A deleted webhook's subscriptions keep feeding the app's activity stream, without the webhook.
onWebhookDeleted((tx, id) => activityRepo.detachWebhook(tx, id));
