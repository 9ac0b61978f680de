// What other modules may use of blocks (routes are mounted by app.ts from blocks.routes.ts).
export { block, blocking, isBlocked, unblock } from './blocks.service.js';
