// What other modules may use of direct messages, and its routes (mounted by app.ts).
export { dmsRoutes } from './dms.routes.js';
export { createGroup, sendToConversation, sendToUser } from './dms.service.js';
export { checkMayMessage } from './dms.blocks.js';
