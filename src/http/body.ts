// Request body parsing the way the three SDKs send bodies: JSON (XDK also sends the header on
// bodiless requests, so an empty body is no body), and form-urlencoded (OAuth and Ads endpoints).
import type { FastifyInstance } from 'fastify';
import { problems } from '../shared/problems.js';

export function installBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(problems.malformedJson(), undefined);
    }
    if (nestingDepth(text) > MAX_DEPTH) return done(tooDeep(), undefined);
    done(null, value);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, formToObject(body as string));
  });
}

/**
 * No request body of any endpoint nests deeper than a few levels. Deeper ones are refused here, so
 * nothing later (validation, error messages, JSON.stringify) recurses through thousands of levels.
 */
export const MAX_DEPTH = 64;

const tooDeep = () =>
  problems.invalidRequest({
    message: `Request body is nested too deeply (more than ${MAX_DEPTH} levels of arrays and objects).`,
    parameters: { body: [] },
  });

/** The deepest nesting of arrays and objects in JSON text already known to parse (one pass, no recursion). */
export function nestingDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b)
      max = Math.max(max, ++depth); // [ {
    else if (c === 0x5d || c === 0x7d) depth--; // ] }
  }
  return max;
}

/** Form fields as an object; a repeated key keeps its last value (the service rejects duplicates). */
export function formToObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}
