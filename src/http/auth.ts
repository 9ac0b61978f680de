// Every route declares the schemes it accepts in `config.auth`; this hook resolves the caller once
// and enforces the declaration, answering exactly as the real service does when it does not fit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerOf, resolveBearer, type Caller } from '../auth/credentials.js';
import type { Deps } from '../deps.js';
import { problems } from '../shared/problems.js';

export type Scheme = Caller['kind'];
export type AuthRule = { schemes: readonly Scheme[]; scopes?: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig { auth?: AuthRule }
  interface FastifyRequest { caller: Caller | null }
}

const SCHEME_NAMES: Record<Scheme, string> = {
  app: 'OAuth 2.0 Application-Only',
  'oauth1-user': 'OAuth 1.0a User Context',
  'oauth2-user': 'OAuth 2.0 User Context',
};

export const APP_ONLY: AuthRule = { schemes: ['app'] };
export const ANY_AUTH: AuthRule = { schemes: ['app', 'oauth1-user', 'oauth2-user'] };
export const USER_ONLY: AuthRule = { schemes: ['oauth1-user', 'oauth2-user'] };

export type Authenticator = (deps: Deps, req: FastifyRequest) => Promise<Caller | null>;

/** Bearer tokens: app-only or OAuth 2.0 user access tokens. */
export const bearerAuthenticator: Authenticator = async (deps, req) => {
  const token = bearerOf(req.headers.authorization);
  return token ? resolveBearer(deps, token) : null;
};

export function installAuth(app: FastifyInstance, deps: Deps, authenticators: Authenticator[] = [bearerAuthenticator]) {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (req) => {
    const rule = req.routeOptions.config.auth;
    if (!rule) return;
    let caller: Caller | null = null;
    for (const authenticate of authenticators) {
      caller = await authenticate(deps, req);
      if (caller) break;
    }
    if (!caller) throw problems.unauthorized();
    if (!rule.schemes.includes(caller.kind)) {
      const supported = rule.schemes.map((s) => SCHEME_NAMES[s]).join(', ');
      throw problems.unsupportedAuthentication(
        `Authenticating with ${SCHEME_NAMES[caller.kind]} is forbidden for this endpoint.  Supported authentication types are [${supported}].`,
      );
    }
    if (caller.kind === 'oauth2-user' && rule.scopes) {
      const missing = rule.scopes.filter((s) => !caller.scopes.includes(s));
      if (missing.length) throw problems.forbidden(`Missing required OAuth 2.0 scopes: ${missing.join(', ')}.`);
    }
    req.caller = caller;
  });
}
