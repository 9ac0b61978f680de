// What other modules may use of bookmarks, and its routes (mounted by app.ts).
export { bookmarksAdminRoutes } from './bookmarks.admin.js';
export { bookmarksRoutes } from './bookmarks.routes.js';
export { bookmark, bookmarks, unbookmark } from './bookmarks.service.js';
export { createFolder, folderPosts, folders } from './folders.service.js';
