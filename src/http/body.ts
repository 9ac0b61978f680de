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

const QUOTE = '"'.charCodeAt(0);
const BACKSLASH = '\\'.charCodeAt(0);
const [OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = [...'[{]}'].map((c) => c.charCodeAt(0));

/** The deepest nesting of arrays and objects in JSON text already known to parse (one pass, no recursion). */
export function nestingDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      // Inside a string a backslash escapes the next character and a quote ends it; brackets are text.
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) max = Math.max(max, ++depth);
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return max;
}

/** Form fields as an object; a repeated key keeps its last value (the service rejects duplicates). */
export function formToObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}
