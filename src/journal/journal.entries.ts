// Journal entries made from what happened: an answered request (from the Fastify request), a stream
// connection's start and end, a webhook delivery attempt, a challenge check.
import type { FastifyRequest } from 'fastify';
import type { Entry } from './journal.ring.js';
import { maskForm, maskHeaders, maskText, maskValue } from './journal.mask.js';

/**
 * An entry before the journal numbers it: `seq` 0 and `node` unset until recorded. Both are in the
 * literal from the start, so numbering and naming an entry never changes its shape.
 */
export type NewEntry = Entry;

declare module 'fastify' {
  interface FastifyRequest {
    /** The error answer's type or code, read by the journal's onSend hook. */
    journalError: string | null;
    /** The response body as sent, kept only with --journal-bodies. */
    journalBody: string | null;
    /** Set once a stream took the request over: its entries are the stream's own. */
    journalStream: boolean;
  }
}

/** Bodies are kept up to this many characters. */
export const BODY_MAX = 16 * 1024;
const cut = (s: string) => (s.length > BODY_MAX ? s.slice(0, BODY_MAX) + '…' : s);

/** The type of a v2 problem, the code of a v1.1 or Ads error, or the OAuth 2.0 error word. */
export function errorOf(payload: string): string | null {
  try {
    const b = JSON.parse(payload) as { type?: unknown; error?: unknown; errors?: { code?: unknown }[] };
    if (typeof b.type === 'string') return b.type;
    const code = Array.isArray(b.errors) ? b.errors[0]?.code : undefined;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
    if (typeof b.error === 'string') return b.error;
  } catch {
    /* not JSON: no code to keep */
  }
  return null;
}

/** The scheme words Aviary accepts, as journaled: no new string for each request that uses one. */
const SCHEMES = new Map([
  ['Bearer', 'bearer'],
  ['OAuth', 'oauth'],
  ['Basic', 'basic'],
]);

/** The Authorization header's scheme word, lower case. */
function schemeOf(auth: string): string {
  const space = auth.indexOf(' ');
  const word = space < 0 ? auth : auth.slice(0, space);
  return SCHEMES.get(word) ?? word.toLowerCase();
}

/** An answered request's entry; `route` is the template the request matched (null when none did). */
export function requestEntry(
  req: FastifyRequest,
  route: string | null,
  o: { status: number; latencyMs: number; now: number; bodies: boolean },
): NewEntry {
  const url = req.url;
  const q = url.indexOf('?');
  const c = req.caller;
  const auth = req.headers.authorization;
  return {
    seq: 0,
    node: undefined,
    kind: 'request',
    time: o.now,
    method: req.method,
    path: q < 0 ? url : url.slice(0, q),
    route,
    query: q < 0 ? null : maskForm(url.slice(q + 1)),
    auth_scheme: auth ? schemeOf(auth) : null,
    caller: c?.kind ?? null,
    app_id: c?.app.id ?? null,
    user_id: c && c.kind !== 'app' ? c.userId : null,
    status: o.status,
    error: req.journalError,
    latency_ms: Math.round(o.latencyMs * 1000) / 1000,
    request_id: String(req.id),
    faults: req.faults,
    extra: o.bodies ? bodiesOf(req) : null,
  };
}

function bodiesOf(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  return {
    request_headers: maskHeaders(req.headers),
    request_body:
      body === undefined || body === null
        ? null
        : typeof body === 'string'
          ? cut(maskText(body))
          : Buffer.isBuffer(body)
            ? `(${body.length} bytes)`
            : maskValue(body),
    response_body: req.journalBody === null ? null : cut(maskText(req.journalBody)),
  };
}

export type DeliveryFact = {
  url: string;
  webhook_id: string;
  event_id: string;
  event_kind: string;
  attempt: number;
  outcome: string;
  status: number | null;
  latency_ms: number | null;
  error: string | null;
  faults: string[] | null;
};

const pathOfUrl = (url: string) => url.split('?', 1)[0]!;

/** `now`: service time. Apart from the fact, not spread into it: a spread then a new key costs ~1 µs on Node 20. */
export function deliveryEntry(d: DeliveryFact, now: number): NewEntry {
  return {
    seq: 0,
    node: undefined,
    kind: 'delivery',
    time: now,
    method: 'POST',
    path: pathOfUrl(d.url),
    route: null,
    query: null,
    auth_scheme: null,
    caller: null,
    app_id: null,
    user_id: null,
    status: d.status ?? 0,
    error: d.error,
    latency_ms: d.latency_ms ?? 0,
    request_id: null,
    faults: d.faults,
    extra: {
      webhook_id: d.webhook_id,
      event_id: d.event_id,
      event_kind: d.event_kind,
      attempt: d.attempt,
      outcome: d.outcome,
    },
  };
}

export type CrcFact = {
  url: string;
  result: string;
  reason: string | null;
  latency_ms: number;
  faults: string[] | null;
};

export function crcEntry(c: CrcFact, now: number): NewEntry {
  return {
    seq: 0,
    node: undefined,
    kind: 'crc',
    time: now,
    method: 'GET',
    path: pathOfUrl(c.url),
    route: null,
    query: null,
    auth_scheme: null,
    caller: null,
    app_id: null,
    user_id: null,
    status: 0,
    error: c.reason,
    latency_ms: c.latency_ms,
    request_id: null,
    faults: c.faults,
    extra: { result: c.result },
  };
}
