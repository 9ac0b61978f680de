// What other modules may use of mutes, and its routes (mounted by app.ts).
export { mutesRoutes } from './mutes.routes.js';
export { mute, muting, unmute } from './mutes.service.js';
