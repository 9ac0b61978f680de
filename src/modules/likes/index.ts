// What other modules may use of likes, and its routes (mounted by app.ts).
export { likesRoutes } from './likes.routes.js';
export { like, likedPosts, likingUsers, unlike } from './likes.service.js';
