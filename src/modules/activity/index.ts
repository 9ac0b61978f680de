// What other modules may use of the X Activity API: its routes, the fan-out worker, the streams' state
// (made by main.ts) and what a webhook deletion does to subscriptions.
export { activityRoutes } from './activity.routes.js';
export { startDispatcher, SOURCE_TOPICS } from './activity.dispatch.js';
export { EVENT_TYPES, kindOf } from './activity.kinds.js';
export {
  emitSynthetic,
  patchProfile,
  startSpace,
  startScheduledSpace,
  insertScheduledSpace,
  endSpace,
  spaceView,
  dmSignal,
} from './activity.control.js';
export { detachDeletedWebhook } from './activity.service.js';
export { createActivityStreams } from './activity.stream.js';
