// What other modules may use of bookmarks (routes are mounted by app.ts from bookmarks.routes.ts).
export { bookmark, bookmarks, unbookmark } from './bookmarks.service.js';
