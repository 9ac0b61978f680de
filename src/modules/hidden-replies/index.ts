// What other modules may use of hidden replies, and its routes (mounted by app.ts).
export { hiddenRepliesRoutes } from './hidden-replies.routes.js';
export { isHidden, setHidden } from './hidden-replies.service.js';
