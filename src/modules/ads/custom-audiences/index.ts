// Custom audiences: routes, and what other Ads resources may ask of an audience (targeting criteria:
// may this account target it; audience permissions: is this the owner's audience), and the timers that
// process waiting users batches, armed at start (main.ts).
export { customAudiencesRoutes } from './custom-audiences.routes.js';
export { audienceForTargeting, requireOwnedAudience, audienceHeld } from './custom-audiences.service.js';
export { startAudienceProcessing } from './custom-audiences.processing.js';
