// GET /1.1/account/verify_credentials.json: the v1.1 call the v2 SDKs still make for the signed-in
// user (twitter-api-v2 `currentUser()`). User context only, OAuth 1.0a or OAuth 2.0 user token
// (DOCS-OLD get-account-verify_credentials; an app-only bearer is refused with the v1.1 error).
import type { FastifyInstance } from 'fastify';
import { USER_ONLY } from '../../http/auth.js';
import { callerUserId, viewerOf } from '../../http/caller.js';
import type { Query } from '../../http/input.js';
import { legacyJson } from '../account-activity/index.js';
import type { Deps } from '../../deps.js';
import { JSON_UTF8 } from '../../http/wire.js';
import { verifyCredentials } from './account.service.js';

/**
 * v1.1 boolean parameters: `true`, `t` and `1` are true, anything else false; unknown parameters are
 * ignored, as the v1.1 API does. `include_entities` defaults to true, the others to false.
 */
function flag(q: Query, name: string, dflt: boolean): boolean {
  const v = q[name];
  const raw = Array.isArray(v) ? v[v.length - 1] : v;
  if (raw === undefined) return dflt;
  return /^(true|t|1)$/i.test(raw);
}

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/1.1/account/verify_credentials.json', { config: { auth: USER_ONLY } }, async (req, reply) => {
    const q = req.query as Query;
    const user = await verifyCredentials(deps, callerUserId(req), {
      includeEntities: flag(q, 'include_entities', true),
      skipStatus: flag(q, 'skip_status', false),
      includeEmail: flag(q, 'include_email', false),
      // The app permission "Request email address from users" is not modelled: an OAuth 2.0 token
      // with users.email stands for it; OAuth 1.0a callers get no email.
      emailAllowed: Boolean(viewerOf(req).readsEmail),
    });
    // v1.1 ids are JSON numbers beyond 2^53: written as exact digits (legacyJson).
    return reply.type(JSON_UTF8).send(legacyJson(user));
  });
}
