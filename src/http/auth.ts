// Every route declares the schemes it accepts in `config.auth`; this hook resolves the caller once
// and enforces the declaration, answering exactly as the real service does when it does not fit.
//
// For route authors — declare who may call, e.g. "user context, scopes tweet.read+tweet.write, needs write":
//   app.post('/2/tweets', { config: { auth: userContext(['tweet.read', 'tweet.write', 'users.read'], { write: true }) }
// }, …)
// then read the caller through http/caller.ts (`actorOf(req)`, `callerUserId(req)`, `callerApp(req)`).
//   - wrong scheme            → 403 unsupported-authentication (wire notes §9.1)
//   - OAuth 2.0 scope missing → 403 Forbidden
//   - `write` with a read-only OAuth 1.0a grant or app → 403 oauth1-permissions
//   - `dm` without the app's direct-message permission → 403 oauth1-permissions, v1.1 code 93
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { narrower, PERMISSIONS } from '../auth/apps.service.js';
import { bearerOf, liveAccessToken, resolveBearer, type Caller } from '../auth/credentials.js';
import type { Pair } from '../auth/oauth1.signature.js';
import { verifyOAuth1, type SignedRequest } from '../auth/oauth1.verify.js';
import type { Permission } from '../auth/apps.repo.js';
import type { Deps } from '../deps.js';
import { problems } from '../shared/problems.js';

export type Scheme = Caller['kind'];
export type AuthRule = {
  schemes: readonly Scheme[];
  /** Scopes an OAuth 2.0 user token must carry, all of them (the real docs list them per endpoint). */
  scopes?: readonly string[];
  /** The route changes state: user tokens need a read-write grant on a read-write app. */
  write?: boolean;
  /** The route touches direct messages: the app needs read-write-dm (seed, Authentication rule 1). */
  dm?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const SCHEME_NAMES: Record<Scheme, string> = {
  app: 'OAuth 2.0 Application-Only',
  'oauth1-user': 'OAuth 1.0a User Context',
  'oauth2-user': 'OAuth 2.0 User Context',
};

export const APP_ONLY: AuthRule = { schemes: ['app'] };
export const ANY_AUTH: AuthRule = { schemes: ['app', 'oauth1-user', 'oauth2-user'] };
export const USER_ONLY: AuthRule = { schemes: ['oauth1-user', 'oauth2-user'] };
export const OAUTH1_USER_ONLY: AuthRule = { schemes: ['oauth1-user'] };

/*
 * Rules as the spec's `security` lists them: `anyAuth(scopes)` accepts app-only and both user schemes
 * (public reads); `userContext(scopes, {write, dm})` only user context. `scopes` bind OAuth 2.0 user
 * tokens; `write`/`dm` bind both user schemes (read-only grants, code 93 without DM permission).
 */

/** Either user-context scheme; `scopes` bind OAuth 2.0 tokens, `write`/`dm` bind both. */
export function userContext(scopes: readonly string[], opts: { write?: boolean; dm?: boolean } = {}): AuthRule {
  return { schemes: USER_ONLY.schemes, scopes, ...opts };
}

/** App-only or either user scheme (public reads); `scopes` bind OAuth 2.0 user tokens. */
export function anyAuth(scopes: readonly string[] = ['tweet.read', 'users.read']): AuthRule {
  return { schemes: ANY_AUTH.schemes, scopes };
}

/** The parts of a request an OAuth 1.0a signature covers: a form body's fields, never JSON. */
export function signedRequestOf(req: FastifyRequest): SignedRequest {
  const type = req.headers['content-type'];
  const isForm = type !== undefined && /^application\/x-www-form-urlencoded/i.test(type);
  const form: Pair[] =
    isForm && req.body && typeof req.body === 'object' ? Object.entries(req.body as Record<string, string>) : [];
  return {
    method: req.method,
    scheme: req.protocol,
    host: String(req.headers.host ?? ''),
    target: req.url,
    form,
    authorization: req.headers.authorization,
  };
}

/**
 * The caller an Authorization header names, by its scheme: `Bearer` (app-only, or an OAuth 2.0 user
 * token) or `OAuth` (1.0a, signed with a user's access token); null when it names none.
 */
export async function callerOf(deps: Deps, req: FastifyRequest): Promise<Caller | null> {
  const header = req.headers.authorization;
  const bearer = bearerOf(header);
  if (bearer) return resolveBearer(deps, bearer);
  if (!header || !/^OAuth\s/i.test(header)) return null;
  const { app, token } = await verifyOAuth1(deps, signedRequestOf(req), (t) => liveAccessToken(deps, t));
  return {
    kind: 'oauth1-user',
    app,
    userId: token!.user_id,
    access: narrower(token!.access, app.permission),
    token: token!.token,
  };
}

const DM_DENIED = 'This application is not allowed to access or delete your direct messages.';
const atLeast = (have: Permission, need: Permission) => PERMISSIONS.indexOf(have) >= PERMISSIONS.indexOf(need);

/** Scopes, then the permission level a user token carries (an OAuth 1.0a grant, or for OAuth 2.0 the app's). */
function checkGrant(caller: Caller, rule: AuthRule): void {
  if (caller.kind === 'app') return;
  if (caller.kind === 'oauth2-user' && rule.scopes) {
    // The real body names nothing (observed: plhery/node-twitter-api-v2#265).
    if (rule.scopes.some((s) => !caller.scopes.includes(s))) throw problems.forbidden('Forbidden');
  }
  // "When OAuth 1.0a permissions are present they override OAuth 2.0 scopes" (seed, Authentication).
  const level = caller.kind === 'oauth1-user' ? caller.access : caller.app.permission;
  if (rule.dm && !atLeast(level, 'read-write-dm'))
    throw problems.oauth1Permissions(DM_DENIED, { v1: { code: 93, message: DM_DENIED } });
  if (rule.write && !atLeast(level, 'read-write')) throw problems.oauth1Permissions();
}

export function installAuth(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('caller', null);
  /** The hook of one route, with the route's rule (read once here, not from routeOptions per request). */
  const authenticator = (rule: AuthRule) =>
    async function authenticate(req: FastifyRequest) {
      const caller = await callerOf(deps, req);
      if (!caller) throw problems.unauthorized();
      if (!rule.schemes.includes(caller.kind)) {
        const supported = rule.schemes.map((s) => SCHEME_NAMES[s]).join(', ');
        throw problems.unsupportedAuthentication(
          `Authenticating with ${SCHEME_NAMES[caller.kind]} is forbidden for this endpoint.  Supported authentication types are [${supported}].`,
        );
      }
      checkGrant(caller, rule);
      req.caller = caller;
    };
  // Only routes that declare `config.auth` pay for the hook (routes are added after this runs).
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [authenticator(route.config.auth), ...own];
  });
}
