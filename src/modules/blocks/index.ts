// What other modules may use of blocks, and its routes (mounted by app.ts).
export { blocksRoutes } from './blocks.routes.js';
export { block, blocking, isBlocked, unblock } from './blocks.service.js';
