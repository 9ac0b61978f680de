// What other modules may use of users.
export { createUser, findUserById, findUserByUsername, validateNewUser, type NewUser } from './users.service.js';
export { userView, adminUserView } from './users.view.js';
export { usersRoutes } from './users.routes.js';
export type { UserRow } from './users.repo.js';
