// What other modules may use of X Chat, and its routes (mounted by app.ts).
export { chatRoutes } from './chat.routes.js';
