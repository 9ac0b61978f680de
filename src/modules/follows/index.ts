// What other modules may use of follows (routes are mounted by app.ts from follows.routes.ts).
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
