// What other modules may use of X Chat public keys, and its routes (mounted by app.ts).
export { publicKeysRoutes } from './public-keys.routes.js';
export { hasAnyKey, hasKeyVersion } from './public-keys.service.js';
