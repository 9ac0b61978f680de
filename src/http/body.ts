// Request body parsing the way the three SDKs send bodies: JSON (XDK also sends the header on
// bodiless requests, so an empty body is no body), and form-urlencoded (OAuth and Ads endpoints).
import type { FastifyInstance } from 'fastify';
import { problems } from '../shared/problems.js';

export function installBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(problems.malformedJson(), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, formToObject(body as string));
  });
}

/** Form fields as an object; a repeated key keeps its last value (the service rejects duplicates). */
export function formToObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}
