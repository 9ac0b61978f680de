// What the rest of the service may use of auth.
export {
  createApp,
  getApp,
  findAppByConsumerKey,
  findAppByClientId,
  listApps,
  regenerateKeys,
  issueAccessToken,
  issueOAuth2Tokens,
  appView,
  narrower,
  PERMISSIONS,
  TIERS,
  ACCESS_TOKEN_TTL_MS,
  type AppView,
  type NewApp,
  type IssuedSecrets,
} from './apps.service.js';
export {
  resolveBearer,
  bearerOf,
  forgetCredentials,
  forgetOnSignal,
  createCredentialCache,
  appByConsumerKey,
  liveAccessToken,
  type Caller,
} from './credentials.js';
export { SCOPES, isScope } from './scopes.js';
export {
  verifyOAuth1,
  queryOf,
  oauth1Problems,
  TIMESTAMP_WINDOW_MS,
  type SignedRequest,
  type Verified,
} from './oauth1.verify.js';
export { createNonces } from './oauth1.nonces.js';
export {
  appBearer,
  invalidateAppBearer,
  grantAccessToken,
  hasGrant,
  invalidateAccessToken,
  refreshOAuth2,
  revokeOAuth2,
  revokeOAuth2Family,
  clientSecretMatches,
  consumerSecretMatches,
} from './tokens.service.js';
export { parseOAuthHeader, signRequest, percentEncode, type Pair } from './oauth1.signature.js';
export type { AppRow, Permission, Tier } from './apps.repo.js';
