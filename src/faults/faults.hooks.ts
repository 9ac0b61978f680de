// The request side of fault injection: a preHandler on every route outside the control API, right
// after the auth hook (so rules can match the caller's app, user and token), that asks the rules and
// then waits (`latency`), answers in the route's own wire family (`error`, rendered by
// http/errors.ts like any thrown problem) or drops the connection without an answer (`reset`).
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Deps } from '../deps.js';
import { familyOf } from './faults.rules.js';
import type { RequestFault } from './faults.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ids of the fault rules that acted on this request (the journal records them). */
    faults: string[] | null;
  }
}

function tokenOf(req: FastifyRequest): string | null {
  const c = req.caller;
  if (c?.kind === 'oauth1-user') return c.token;
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

export function installFaults(app: FastifyInstance, deps: Deps) {
  const faults = deps.runtime.faults;
  app.decorateRequest('faults', null);

  function applyFaults(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (!faults.rules.length) return done();
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const c = req.caller;
    const decision = faults.onRequest({
      target: 'request',
      method: req.method,
      path,
      route: req.routeOptions.url,
      family: familyOf(path),
      appId: c?.app.id ?? null,
      userId: c && c.kind !== 'app' ? c.userId : null,
      token: tokenOf(req),
    });
    // Nodes sharing PostgreSQL claim a counted or probabilistic rule's use in the store first.
    if (decision instanceof Promise)
      decision.then(
        (d) => actOn(req, reply, done, d),
        (err: Error) => done(err),
      );
    else actOn(req, reply, done, decision);
  }
  /** Waits (`latency`), answers with the rule's error, or drops the connection, as decided. */
  function actOn(
    req: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
    decision: RequestFault | null,
  ) {
    if (!decision) return done();
    req.faults = decision.rules;
    const act = () => {
      if (decision.reset) {
        // The client sees its connection closed with no answer (ECONNRESET / "socket hang up").
        reply.hijack();
        deps.runtime.journal.reset(req);
        req.raw.socket.destroy();
        return;
      }
      done(decision.problem ?? undefined);
    };
    if (decision.latencyMs > 0) setTimeout(act, decision.latencyMs);
    else act();
  }

  // Routes are added after this runs; the control API is never a fault's target.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/_aviary')) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    // The auth hook (http/auth.ts) put its check first when the route declares `config.auth`.
    const at = route.config?.auth ? 1 : 0;
    route.preHandler = [...own.slice(0, at), applyFaults, ...own.slice(at)];
  });
}
