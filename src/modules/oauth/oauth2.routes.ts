// OAuth 2.0 endpoints (app-only and Authorization Code with PKCE) and the consent page (notes §12).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { signedRequestOf } from '../../http/auth.js';
import { clientCredentials, invalidateBearer, invalidatingApp } from './apponly.service.js';
import {
  allParams,
  basicCredentials,
  checkCsrf,
  csrfToken,
  page,
  pageUser,
  sendPage,
  sessionId,
} from './oauth.http.js';
import { oauth2Page } from './oauth.pages.js';
import {
  checkAuthorizeRequest,
  deniedRedirect,
  isRefusal,
  issueCode,
  revoke,
  token,
  type AuthorizeRequest,
  type Params,
} from './oauth2.service.js';
import { sessionUser } from './signin.service.js';
import type { UserRow } from '../users/index.js';

/** The authorize request's own parameters, carried through the consent form. */
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

function showConsent(
  req: FastifyRequest,
  reply: FastifyReply,
  a: AuthorizeRequest,
  p: Params,
  o: { user: UserRow | null; prefill?: string; error?: string },
) {
  const hidden = Object.fromEntries(AUTHORIZE_PARAMS.filter((k) => p[k] !== undefined).map((k) => [k, p[k]!]));
  return sendPage(
    reply,
    oauth2Page(a.app.name, a.scopes, {
      action: req.url.split('?')[0]!,
      csrf: csrfToken(req, reply),
      hidden,
      signedInAs: o.user?.username ?? null,
      prefill: o.prefill,
      error: o.error,
    }),
  );
}

export function oauth2Routes(app: FastifyInstance, deps: Deps) {
  app.post('/oauth2/token', async (req) => clientCredentials(deps, basicCredentials(req), allParams(req)));
  app.post('/oauth2/invalidate_token', async (req) => {
    const owner = await invalidatingApp(deps, basicCredentials(req), signedRequestOf(req));
    return invalidateBearer(deps, owner, allParams(req));
  });

  app.post('/2/oauth2/token', async (req) => token(deps, basicCredentials(req), allParams(req)));
  app.post('/2/oauth2/revoke', async (req) => revoke(deps, basicCredentials(req), allParams(req)));

  // x.com/i/oauth2/authorize is what the SDKs link to; the spec names api.x.com/2/oauth2/authorize (notes §12.2).
  for (const path of ['/i/oauth2/authorize', '/2/oauth2/authorize']) {
    app.get(
      path,
      page(async (req, reply) => {
        const q = allParams(req);
        const a = await checkAuthorizeRequest(deps, q);
        if (isRefusal(a)) return reply.redirect(a.redirect, 302);
        return showConsent(req, reply, a, q, { user: await sessionUser(deps, sessionId(req)) });
      }),
    );

    app.post(
      path,
      page(async (req, reply) => {
        const b = allParams(req);
        checkCsrf(req, b);
        const a = await checkAuthorizeRequest(deps, b);
        if (isRefusal(a)) return reply.redirect(a.redirect, 302);
        if (b.action === 'deny') return reply.redirect(deniedRedirect(a), 302);
        const user = await pageUser(deps, req, reply, b, false);
        if (typeof user === 'string')
          return showConsent(req, reply, a, b, { user: null, prefill: b.username, error: user });
        return reply.redirect(await issueCode(deps, a, user), 302);
      }),
    );
  }
}
