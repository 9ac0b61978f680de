// What other modules may use of webhooks.
export { webhooksRoutes } from './webhooks.routes.js';
export { findWebhook, requireWebhook, WEBHOOK_ID, type WebhookCascade } from './webhooks.service.js';
export { armAllChecks, createWebhookChecks } from './webhooks.checks.js';
export {
  startWebhookWorkers,
  outgoingDeliveries,
  nudgeDeliveries,
  type NewDelivery,
  type Outgoing,
} from './webhooks.workers.js';
export { createReplayJob, replayWindow, parseReplayDate, type Window } from './webhooks.replay.js';
export { allLinks, ANY_LINK_SQL, type LinkFields } from './webhooks.links.js';
export { webhookView } from './webhooks.view.js';
export type { WebhookRow, LinkRow } from './webhooks.repo.js';
