// What other modules may use of users: the routes (mounted by app.ts, which hands them the renderer
// of modules/hydrate), lookups and writes, the views, the tier rules every write shares, and the row
// cache each server makes (main.ts).
export { usersRoutes, type UsersRendering } from './users.routes.js';
export { usersAdminRoutes } from './users.admin.js';
export { checkEnrolled, SELF_SERVE } from './users.rules.js';
export { createAccountRows, createUserRows, createUsernameIds } from './users.cache.js';
export {
  cachedUsers,
  createUser,
  findUserById,
  findUserByUsername,
  findUsersByIds,
  findUsersByUsernames,
  userIdsByUsernames,
  validateNewUser,
  requireUser,
  requireUserRow,
  bumpUserCounter,
  setUserCounters,
  lockUser,
  setPinnedPost,
  unpinPost,
  ID,
  USERNAME,
  type NewUser,
} from './users.service.js';
export { userView, adminUserView, type UserExtras } from './users.view.js';
export type { AccountRow, UserRow, Counter } from './users.repo.js';
// Control API profile changes (PATCH /_aviary/users/{id}); the activity module emits profile.update.* with them.
export { updateUserProfile, type ProfilePatch } from './users.service.js';
