// What other modules may use of users. Routes are mounted by app.ts from users.routes.ts, so that
// modules the routes depend on (posts, for expansions) may themselves depend on this index.
export {
  cachedUsers,
  createUser,
  findUserById,
  findUserByUsername,
  findUsersByIds,
  findUsersByUsernames,
  validateNewUser,
  requireUser,
  bumpUserCounter,
  setUserCounters,
  setPinnedPost,
  unpinPost,
  ID,
  USERNAME,
  type NewUser,
} from './users.service.js';
export { userView, adminUserView, type UserExtras } from './users.view.js';
export type { UserRow, Counter } from './users.repo.js';
// Control API profile changes (PATCH /_aviary/users/{id}); the activity module emits profile.update.* with them.
export { updateUserProfile, type ProfilePatch } from './users.service.js';
