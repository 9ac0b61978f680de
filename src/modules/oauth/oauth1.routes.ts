// OAuth 1.0a endpoints and pages (notes §11.2). Thin: read the request, call the service, reply.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidateAccessToken } from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { OAUTH1_USER_ONLY, signedRequestOf } from '../../http/auth.js';
import { requestCaller } from '../../http/caller.js';
import type { UserRow } from '../users/index.js';
import { allParams, checkCsrf, csrfToken, page, pageUser, sendForm, sendPage, sessionId } from './oauth.http.js';
import { deniedPage, oauth1Page, pinPage } from './oauth.pages.js';
import {
  alreadyGranted,
  approve,
  createRequestToken,
  deny,
  exchangeForAccessToken,
  pendingRequest,
  type PendingRequest,
} from './oauth1.service.js';
import { sessionUser } from './signin.service.js';

const forced = (v: string | undefined) => v === 'true' || v === '1';
const pathOf = (req: FastifyRequest) => req.url.split('?')[0]!;

function showForm(
  req: FastifyRequest,
  reply: FastifyReply,
  p: PendingRequest,
  o: { user: UserRow | null; force: boolean; prefill?: string; error?: string },
) {
  return sendPage(
    reply,
    oauth1Page(p.app.name, p.row.access, {
      action: pathOf(req),
      csrf: csrfToken(req, reply),
      signedInAs: o.user?.username ?? null,
      prefill: o.prefill,
      error: o.error,
      hidden: { oauth_token: p.row.token, ...(o.force ? { force_login: 'true' } : {}) },
    }),
  );
}

async function finish(reply: FastifyReply, deps: Deps, p: PendingRequest, user: UserRow) {
  const r = await approve(deps, p, user);
  return 'redirect' in r ? reply.redirect(r.redirect, 302) : sendPage(reply, pinPage(p.app.name, r.pin));
}

export function oauth1Routes(app: FastifyInstance, deps: Deps) {
  app.post('/oauth/request_token', async (req, reply) =>
    sendForm(reply, await createRequestToken(deps, signedRequestOf(req))),
  );
  app.post('/oauth/access_token', async (req, reply) =>
    sendForm(reply, await exchangeForAccessToken(deps, signedRequestOf(req))),
  );

  // Signed with the token to revoke → 200 {access_token}; later use → 401 code 89 (notes §11.2).
  for (const path of ['/1.1/oauth/invalidate_token', '/1.1/oauth/invalidate_token.json']) {
    app.post(path, { config: { auth: OAUTH1_USER_ONLY } }, async (req) => {
      const caller = requestCaller(req);
      const token = caller.kind === 'oauth1-user' ? caller.token : '';
      await invalidateAccessToken(deps, token);
      return { access_token: token };
    });
  }

  for (const mode of ['authorize', 'authenticate'] as const) {
    app.get(
      `/oauth/${mode}`,
      page(async (req, reply) => {
        const q = allParams(req);
        const p = await pendingRequest(deps, q.oauth_token);
        const force = forced(q.force_login);
        const user = force ? null : await sessionUser(deps, sessionId(req));
        // "Sign in with X": no second approval when access was granted before (seed, Authorization endpoints).
        if (mode === 'authenticate' && user && (await alreadyGranted(deps, p, user)))
          return finish(reply, deps, p, user);
        return showForm(req, reply, p, { user, force, prefill: q.screen_name });
      }),
    );

    app.post(
      `/oauth/${mode}`,
      page(async (req, reply) => {
        const b = allParams(req);
        checkCsrf(req, b);
        const p = await pendingRequest(deps, b.oauth_token);
        if (b.action === 'deny') {
          const d = await deny(deps, p);
          return d.redirect ? reply.redirect(d.redirect, 302) : sendPage(reply, deniedPage(p.app.name));
        }
        const force = forced(b.force_login);
        const user = await pageUser(deps, req, reply, b, force);
        if (typeof user === 'string')
          return showForm(req, reply, p, { user: null, force, prefill: b.username, error: user });
        return finish(reply, deps, p, user);
      }),
    );
  }
}
