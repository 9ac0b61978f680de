// Do-not-reach lists: routes.
export { doNotReachListsRoutes } from './do-not-reach-lists.routes.js';
