// What other modules may use of direct messages (routes are mounted by app.ts from dms.routes.ts).
export { createGroup, sendToConversation, sendToUser } from './dms.service.js';
