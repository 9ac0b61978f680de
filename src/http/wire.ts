// Wire facts every responder shares: the JSON content type, which error dialect a path speaks (the
// real service has four, one per API family), and how a v2 envelope is sent as text.
import type { FastifyReply } from 'fastify';
import { envelopeJson } from '../shared/json.js';

export const JSON_UTF8 = 'application/json; charset=utf-8';

export type WireFamily = 'v2' | 'v1' | 'oauth2' | 'ads';

export function wireFamily(path: string): WireFamily {
  if (path.startsWith('/2/oauth2/')) return 'oauth2';
  if (path.startsWith('/2/') || path === '/2' || path.startsWith('/_aviary')) return 'v2';
  if (/^\/(12|11|5)(\/|$)/.test(path)) return 'ads';
  if (path.startsWith('/1.1/') || path.startsWith('/oauth/') || path.startsWith('/oauth2/')) return 'v1';
  return 'v2';
}

/** Sends a response envelope as JSON text, reusing the text of stable (cached) objects. */
export function sendEnvelope(reply: FastifyReply, env: Record<string, unknown>): FastifyReply {
  return reply.type(JSON_UTF8).send(envelopeJson(env));
}
