// What other modules may use of community notes: the routes (mounted by app.ts).
export { notesRoutes } from './notes.routes.js';
