// HTTP plumbing shared by the OAuth routes: parameters from wherever each SDK puts them, Basic
// credentials, the pages' cookies (CSRF double submit, session) and HTML replies.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { Problem, problems } from '../../shared/problems.js';
import { alnum, safeEqual } from '../../shared/secrets.js';
import { errorPage } from './oauth.pages.js';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../users/index.js';
import { SESSION_TTL_MS, sessionUser, signIn, startSession } from './signin.service.js';
import type { BasicCredentials, Params } from './oauth2.service.js';

export const CSRF_COOKIE = 'aviary_csrf';
export const SESSION_COOKIE = 'aviary_session';

/** Query string, then a JSON or form body over it: TAS sends the query, TAV2 JSON, XDK a form (notes §12.2). */
export function allParams(req: FastifyRequest): Params {
  const out: Params = {};
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (Array.isArray(v) && typeof v.at(-1) === 'string') out[k] = v.at(-1) as string;
    }
  }
  return out;
}

/** `Authorization: Basic base64(id:secret)`; the parts may be form-encoded (RFC 6749 §2.3.1). */
export function basicCredentials(req: FastifyRequest): BasicCredentials {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i < 0) return null;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: dec(text.slice(0, i)), secret: dec(text.slice(i + 1)) };
}

export function cookies(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

function setCookie(req: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeS?: number) {
  const attrs = [
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(req.protocol === 'https' ? ['Secure'] : []),
    ...(maxAgeS ? [`Max-Age=${maxAgeS}`] : []),
  ];
  const prior = reply.getHeader('set-cookie');
  const list = Array.isArray(prior) ? prior : prior ? [String(prior)] : [];
  reply.header('set-cookie', [...list, `${name}=${value}; ${attrs.join('; ')}`]);
}

/** The CSRF token for a form: the cookie's value, set on first visit (double-submit). */
export function csrfToken(req: FastifyRequest, reply: FastifyReply): string {
  const existing = cookies(req)[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9]{32}$/.test(existing)) return existing;
  const token = alnum(32);
  setCookie(req, reply, CSRF_COOKIE, token);
  return token;
}

export function checkCsrf(req: FastifyRequest, p: Params): void {
  const cookie = cookies(req)[CSRF_COOKIE];
  if (!cookie || !p.csrf_token || !safeEqual(cookie, p.csrf_token)) {
    throw problems.blank(
      403,
      'This form has expired or was not sent from this site. Go back, reload the page and try again.',
    );
  }
}

export const sessionId = (req: FastifyRequest) => cookies(req)[SESSION_COOKIE];
export const setSession = (req: FastifyRequest, reply: FastifyReply, id: string) =>
  setCookie(req, reply, SESSION_COOKIE, id, SESSION_TTL_MS / 1000);

/** An HTML page that may not be framed, cached or leak its URL (it carries tokens). */
export function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Pages show their failures as a page (a browser is reading), with the problem's status. */
export function page<R extends FastifyRequest>(
  handler: (req: R, reply: FastifyReply) => Promise<unknown>,
): RouteHandlerMethod {
  return (async (req: R, reply: FastifyReply) => {
    try {
      return await handler(req, reply);
    } catch (err) {
      if (err instanceof Problem) return sendPage(reply, errorPage(err.message), err.status);
      throw err;
    }
  }) as unknown as RouteHandlerMethod;
}

/** OAuth 1.0a token replies are form-encoded text (notes §11.2: never JSON). */
export function sendForm(reply: FastifyReply, values: Record<string, string>) {
  return reply.type('text/html; charset=utf-8').send(new URLSearchParams(values).toString());
}

/**
 * The user deciding on a page: signs in when the form carries a username (and starts a session),
 * else the session's user unless the login is forced. A string is the message to show instead.
 */
export async function pageUser(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  p: Params,
  force: boolean,
): Promise<UserRow | string> {
  if (p.username) {
    try {
      const user = await signIn(deps, p.username, p.password ?? '');
      setSession(req, reply, await startSession(deps, user.id));
      return user;
    } catch (err) {
      if (err instanceof Problem) return err.message;
      throw err;
    }
  }
  const user = force ? null : await sessionUser(deps, sessionId(req));
  return user ?? 'Enter your username and password to continue.';
}
