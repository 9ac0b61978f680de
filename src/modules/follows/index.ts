// What other modules may use of follows: the routes (mounted by app.ts, which hands them the renderer
// of modules/hydrate), the control-API routes, and the follow graph.
export { followsRoutes, type FollowsRendering } from './follows.routes.js';
export { followsAdminRoutes } from './follows.admin.js';
export {
  addFollow,
  connections,
  follow,
  followedAmong,
  followers,
  following,
  isFollowing,
  unfollow,
} from './follows.service.js';
