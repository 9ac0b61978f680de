// Turns every failure into the caller's wire format: thrown Problems, Fastify's own request errors
// (bad JSON, body too large, unsupported media type), unknown routes and unexpected exceptions.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Logger } from 'pino';
import { Problem, problems } from '../shared/problems.js';
import { renderProblem } from './render-error.js';
import { wireFamily } from './wire.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Ads envelope's `request.params` (or a batch's request array), kept for its error bodies. */
    adsEcho: Record<string, unknown> | unknown[] | null;
  }
}

export function sendProblem(
  req: FastifyRequest,
  reply: FastifyReply,
  p: Problem,
  params: Record<string, unknown> | unknown[] = req.adsEcho ?? ((req.params ?? {}) as Record<string, unknown>),
) {
  const r = renderProblem(p, wireFamily(pathOf(req)), params);
  for (const [k, v] of Object.entries(p.headers)) reply.header(k, v);
  return reply.code(r.status).type(r.contentType).send(r.body);
}

/**
 * The path the router matched (its pattern), else the decoded request path: `/1%32/accounts` is an Ads
 * path to the router, so its errors speak the Ads dialect too.
 */
function pathOf(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route) return route;
  const raw = req.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Fastify's request-level errors, mapped onto the catalog. */
function fromFastify(err: FastifyError, req: FastifyRequest, bodyLimit: number): Problem | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problems.payloadTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problems.unsupportedMediaType(String(req.headers['content-type'] ?? ''));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problems.malformedJson();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problems.blank(400, 'Content-Length does not match the body.');
  }
  if (err instanceof SyntaxError) return problems.malformedJson();
  const status = err.statusCode;
  if (status && status >= 400 && status < 500) return problems.blank(status, err.message);
  return null;
}

/**
 * `unrouted` adds hooks to the not-found handler, which answers what no route matched (the journal's
 * onSend, which each route gets with its own template: a global hook would run on every route too).
 * Fastify applies every lifecycle hook given there (lib/four-oh-four.js `_setNotFoundHandler`), though
 * its types and docs name only preValidation and preHandler; journal.requests.test.ts checks that an
 * unknown route is journaled.
 */
export function installErrorHandling(
  app: FastifyInstance,
  bodyLimit: number,
  log: Logger,
  unrouted: { onSend?: RouteShorthandOptions['onSend'] } = {},
) {
  app.decorateRequest('adsEcho', null);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof Problem) return sendProblem(req, reply, err);
    const known = fromFastify(err, req, bodyLimit);
    if (known) return sendProblem(req, reply, known);
    log.error({ err, reqId: req.id }, 'unhandled error');
    return sendProblem(req, reply, problems.internal(String(req.id)));
  });
  app.setNotFoundHandler(unrouted as object, (req, reply) => sendProblem(req, reply, problems.routeNotFound(), {}));
}
