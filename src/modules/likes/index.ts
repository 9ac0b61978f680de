// What other modules may use of likes (routes are mounted by app.ts from likes.routes.ts).
export { like, likedPosts, likingUsers, unlike } from './likes.service.js';
