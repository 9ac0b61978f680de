// OAuth 2.0 app-only (notes §12.1): `POST /oauth2/token` with the consumer key and secret as Basic
// credentials returns the app's one bearer; `POST /oauth2/invalidate_token` retires it.
import {
  appBearer,
  appByConsumerKey,
  consumerSecretMatches,
  invalidateAppBearer,
  liveAccessToken,
  parseOAuthHeader,
  verifyOAuth1,
  type AppRow,
  type SignedRequest,
} from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { BasicCredentials, Params } from './oauth2.service.js';

// Bad credentials, a missing grant_type, too frequent calls: all the same 403 (notes §12.1).
const cannotVerify = () => problems.v1(403, 99, 'Unable to verify your credentials');

export async function appByBasic(deps: Deps, basic: BasicCredentials): Promise<AppRow> {
  const app = basic ? await appByConsumerKey(deps, basic.id) : undefined;
  if (!app || !consumerSecretMatches(app, basic!.secret)) throw cannotVerify();
  return app;
}

export async function clientCredentials(deps: Deps, basic: BasicCredentials, p: Params) {
  const app = await appByBasic(deps, basic);
  if (p.grant_type !== 'client_credentials') throw cannotVerify();
  return { token_type: 'bearer', access_token: await appBearer(deps, app) };
}

/** → `{access_token}` echoing the retired token; a token that is not the app's live bearer is 401 89. */
export async function invalidateBearer(deps: Deps, app: AppRow, p: Params) {
  const token = p.access_token;
  if (!token || !(await invalidateAppBearer(deps, app, token))) throw problems.v1(401, 89, 'Invalid or expired token.');
  return { access_token: token };
}

/**
 * Who may invalidate: the app by Basic consumer credentials (application-only page) or by an
 * OAuth 1.0a signature, with or without a user token (api-reference page; notes §12.1).
 */
export async function invalidatingApp(deps: Deps, basic: BasicCredentials, signed: SignedRequest): Promise<AppRow> {
  if (basic) return appByBasic(deps, basic);
  const header = parseOAuthHeader(signed.authorization);
  if (!header) throw cannotVerify();
  const withToken = header.has('oauth_token');
  return (await verifyOAuth1(deps, signed, withToken ? (t) => liveAccessToken(deps, t) : undefined)).app;
}
