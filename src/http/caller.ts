// Who is calling, for a route's handler: the caller the auth hook (http/auth.ts) resolved for a route
// that declares `config.auth`, in the shapes services take (Viewer, Actor, the app).
import type { FastifyRequest } from 'fastify';
import type { AppRow, Caller } from '../auth/index.js';
import { problems } from '../shared/problems.js';
import type { Actor, Viewer } from '../shared/selection.js';
import { id, readPath } from './input.js';

/** The caller of a route with `config.auth` (never absent there; a 401 if a route forgot to declare). */
export function requestCaller(req: FastifyRequest): Caller {
  const c = req.caller;
  if (!c) throw problems.unauthorized();
  return c;
}

/** The app behind the call, whatever the scheme. */
export function callerApp(req: FastifyRequest): AppRow {
  return requestCaller(req).app;
}

/** The signed-in user of a user-context route. */
export function callerUserId(req: FastifyRequest): string {
  const c = requestCaller(req);
  if (c.kind === 'app') throw problems.unauthorized();
  return c.userId;
}

/** Who is looking: the user of a user token, or nobody (app-only). Unauthenticated routes see nobody. */
export function viewerOf(req: FastifyRequest): Viewer {
  const c = req.caller;
  if (!c) return { userId: null, appId: '' };
  if (c.kind === 'oauth2-user' && c.scopes.includes('users.email'))
    return { userId: c.userId, appId: c.app.id, readsEmail: true };
  return { userId: c.kind === 'app' ? null : c.userId, appId: c.app.id };
}

/** The acting user and app of a user-context call (routes with a user-context rule guarantee one). */
export function actorOf(req: FastifyRequest): Actor {
  return { userId: callerUserId(req), app: callerApp(req) };
}

/** Writes under /2/users/:id/… act for the signed-in user only (the real 403 otherwise). */
export function ownPath(actor: Actor, pathValue: string, name = 'id'): void {
  readPath(name, pathValue, id());
  if (actor.userId !== pathValue) throw problems.forbidden('You are not permitted to perform this action.');
}
