// What other modules may use of webhooks.
export { webhooksRoutes } from './webhooks.routes.js';
export { findWebhook, requireWebhook, onWebhookDeleted, WEBHOOK_ID } from './webhooks.service.js';
export { startWebhookWorkers, enqueueDeliveries, type NewDelivery } from './webhooks.workers.js';
export { webhookView } from './webhooks.view.js';
export type { WebhookRow } from './webhooks.repo.js';
