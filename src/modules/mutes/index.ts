// What other modules may use of mutes (routes are mounted by app.ts from mutes.routes.ts).
export { mute, muting, unmute } from './mutes.service.js';
