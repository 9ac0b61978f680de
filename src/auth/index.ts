// What the rest of the service may use of auth.
export { createApp, getApp, findAppByConsumerKey, listApps, regenerateKeys, issueAccessToken, issueOAuth2Tokens, appView, PERMISSIONS, TIERS, type AppView, type NewApp, type IssuedSecrets } from './apps.service.js';
export { resolveBearer, bearerOf, forgetCredentials, type Caller } from './credentials.js';
export { SCOPES, isScope } from './scopes.js';
export type { AppRow, Permission, Tier } from './apps.repo.js';
