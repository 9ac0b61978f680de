// Rate limits and Post caps at the edge. Every route outside the control API gets one preHandler, right
// after authentication (the pools are the caller's app or user token, notes §10): it counts the request
// on each counter the endpoint has, sets x-rate-limit-limit/-remaining/-reset (epoch seconds) and the
// 24-hour and Ads account headers on the reply, so they reach every answer, errors and streams (which
// write their own head with the reply's headers) included, and refuses with 429 in the endpoint's wire
// family. Routes whose Posts count towards the monthly cap are refused once it is reached, and count
// what they send.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Caller } from '../auth/index.js';
import type { Deps } from '../deps.js';
import { problems, type Problem } from '../shared/problems.js';
import type { Count } from './limits.counters.js';
import type { Endpoint, LimitsState } from './limits.state.js';
import {
  ADS_TOTAL_COUNT,
  adsLimits,
  OAUTH_ENDPOINTS,
  OAUTH_LIMIT,
  V2_LIMITS,
  DAY_MS,
  type Limits,
  type Window,
} from './limits.table.js';
import { CAPPED_ENDPOINTS, MONTHLY_POST_CAPS, postIdsIn } from './usage.caps.js';

const ADS_ROUTE = /^\/(?:12|11|5)\/(.*)$/;
const SECOND: Window = { limit: 1, ms: 1000 };

type Role = 'main' | 'appDay' | 'userDay' | 'account' | 'other';
type Take = { role: Role; key: string; w: Window };

/** The endpoint a route belongs to, with the table's numbers; null for the control API. */
export function endpointOf(method: string, url: string): Omit<Endpoint, 'limits'> | null {
  if (url.startsWith('/_aviary') || method === 'HEAD' || method === 'OPTIONS') return null;
  const ads = ADS_ROUTE.exec(url);
  if (ads) return { key: `${method} ${ads[1]}`, family: 'ads', table: adsLimits(method, ads[1]!), capped: false };
  const key = `${method} ${url}`;
  if (OAUTH_ENDPOINTS.includes(key)) return { key, family: 'oauth', table: { app: OAUTH_LIMIT }, capped: false };
  return { key, family: 'v2', table: V2_LIMITS[key] ?? {}, capped: CAPPED_ENDPOINTS.has(key) };
}

/** The counters one request is counted on, by its caller's pool (notes §10: per app, or per user token and app). */
function takesOf(ep: Endpoint, req: FastifyRequest): Take[] {
  const l = ep.limits;
  const caller = req.caller;
  const out: Take[] = [];
  if (!caller) {
    // Only the authorization endpoints answer without a caller: counted per client address.
    if (l.app) out.push({ role: 'main', key: `ip|${ep.key}|${req.ip}`, w: l.app });
    return out;
  }
  const app = caller.app.id;
  if (caller.kind === 'app') {
    if (l.app) out.push({ role: 'main', key: `a|${ep.key}|${app}`, w: l.app });
    if (l.perSecond) out.push({ role: 'other', key: `as|${ep.key}|${app}`, w: SECOND });
  } else {
    const who = `${app}:${caller.userId}`;
    if (l.user) out.push({ role: 'main', key: `u|${l.category ?? ep.key}|${who}`, w: l.user });
    if (l.perSecond) out.push({ role: 'other', key: `us|${ep.key}|${who}`, w: SECOND });
    if (l.userDay) out.push({ role: 'userDay', key: `ud|${ep.key}|${who}`, w: { limit: l.userDay, ms: DAY_MS } });
  }
  if (l.appDay) out.push({ role: 'appDay', key: `ad|${ep.key}|${app}`, w: { limit: l.appDay, ms: DAY_MS } });
  if (ep.family === 'ads') adsTakes(ep, req, caller, out);
  return out;
}

function adsTakes(ep: Endpoint, req: FastifyRequest, caller: Caller, out: Take[]) {
  const account = (req.params as Record<string, string> | undefined)?.account_id;
  if (ep.limits.account && account !== undefined)
    out.push({ role: 'account', key: `acc|${ep.key}|${account}`, w: ep.limits.account });
  // with_total_count requests have their own lower limit (seed 001 Limits), per user.
  const q = (req.query as Record<string, string | string[] | undefined>).with_total_count;
  const last = Array.isArray(q) ? q.at(-1) : q;
  const user = caller.kind === 'app' ? '' : caller.userId;
  if (req.method === 'GET' && last !== undefined && /^true$/i.test(last))
    out.push({ role: 'other', key: `tc|${caller.app.id}:${user}`, w: ADS_TOTAL_COUNT });
}

const seconds = (ms: number) => String(Math.ceil(ms / 1000));

type Names = { limit: string; remaining: string; reset: string };
const names = (prefix: string): Names => ({
  limit: `${prefix}-limit`,
  remaining: `${prefix}-remaining`,
  reset: `${prefix}-reset`,
});

/** The headers each counter's state is sent in; `other` counters (per second, total count) send none. */
const HEADERS: Record<Role, Names | null> = {
  main: names('x-rate-limit'),
  appDay: names('x-app-limit-24hour'),
  userDay: names('x-user-limit-24hour'),
  account: names('x-account-rate-limit'),
  other: null,
};

// On the reply, not its raw response: headers set on the raw response send Node's writeHead down its
// slow path (every header set again one by one), a few µs a request (bench/NOTES.md "limits-journal").
// Streams, which write their own head, send the reply's headers with it (http/stream-head.ts).
function setHeaders(reply: FastifyReply, h: Names, c: Count) {
  reply.header(h.limit, String(c.limit));
  reply.header(h.remaining, String(c.limit - c.used));
  reply.header(h.reset, seconds(c.resetAt));
}

/** The 429 of each wire family: v2 about:blank, v1.1 code 88, OAuth 2.0 error, Ads TOO_MANY_REQUESTS. */
function tooMany(ep: Endpoint, refused: Take): Problem {
  const parameter = refused.key.startsWith('tc|') ? 'with_total_count' : null;
  return problems.blank(429, 'Too Many Requests', {
    v1: { code: 88, message: 'Rate limit exceeded' },
    ads: { code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded', parameter },
  });
}

function judge(ep: Endpoint, takes: Take[], counts: Count[], reply: FastifyReply): Problem | null {
  let refused = -1;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i]!;
    const h = HEADERS[takes[i]!.role];
    if (h) setHeaders(reply, h, c);
    if (!c.allowed && refused === -1) refused = i;
  }
  if (refused === -1) return null;
  const c = counts[refused]!;
  if (ep.family === 'ads') {
    // Ruby's RateLimit#reset_at needs one of the two reset headers, Python sleeps until either (notes §5):
    // both are sent, naming the reset of the counter that refused.
    reply.header('x-rate-limit-reset', seconds(c.resetAt));
    reply.header('x-account-rate-limit-reset', seconds(c.resetAt));
  }
  return tooMany(ep, takes[refused]!);
}

function rateLimiter(state: LimitsState, ep: Endpoint) {
  // A bearer caller's counters on this endpoint, built once per caller (the caller is cached with its
  // token, auth/credentials.ts resolveBearer) and again when the control API changes the endpoint's
  // numbers. An OAuth 1.0a caller is a new object each request, and Ads takes depend on the account
  // and the query: those are built per request.
  const built = new WeakMap<Caller, { limits: Limits; takes: Take[] }>();
  function takesFor(req: FastifyRequest): Take[] {
    const caller = req.caller;
    if (!caller || caller.kind === 'oauth1-user' || ep.family === 'ads') return takesOf(ep, req);
    const hit = built.get(caller);
    if (hit && hit.limits === ep.limits) return hit.takes;
    const takes = takesOf(ep, req);
    built.set(caller, { limits: ep.limits, takes });
    return takes;
  }
  return function limitRate(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const takes = takesFor(req);
    if (takes.length === 0) return done();
    const counts: (Count | Promise<Count>)[] = [];
    let waits = false;
    for (const t of takes) {
      const c = state.counters.take(t.key, t.w);
      if (c instanceof Promise) waits = true;
      counts.push(c);
    }
    if (!waits) return done(judge(ep, takes, counts as Count[], reply) ?? undefined);
    Promise.all(counts).then(
      (all) => done(judge(ep, takes, all, reply) ?? undefined),
      (err: Error) => done(err),
    );
  };
}

/** Refuses a capped endpoint once the project has read its tier's monthly Posts (SPEC UsageCapExceededProblem). */
function capCheck(state: LimitsState) {
  return function checkCap(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    const app = req.caller?.app;
    const cap = app ? MONTHLY_POST_CAPS[app.tier] : null;
    if (!app || cap === null || cap === undefined) return done();
    const refuse = (used: number) =>
      used >= cap ? problems.usageCapped({ period: 'Monthly', scope: 'Product' }) : undefined;
    const used = state.reads.monthUsed(app.id);
    if (typeof used === 'number') return done(refuse(used));
    used.then((n) => done(refuse(n)), done);
  };
}

/** Counts the Posts a capped endpoint sends, once it has answered 2xx. */
function readCounter(state: LimitsState) {
  return function countReads(
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: Error | null, payload: unknown) => void,
  ) {
    const app = req.caller?.app;
    if (app && reply.statusCode < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload)))
      state.reads.add(app.id, postIdsIn(payload));
    done(null, payload);
  };
}

/** Adds the hooks as routes are added; call after installAuth (its preHandler must come first). */
export function installLimits(app: FastifyInstance, deps: Deps) {
  const state = deps.runtime.limits;
  const limiting = deps.config.rateLimits !== 'off';
  app.addHook('onRoute', (route: RouteOptions) => {
    {
      // A route of several methods is counted as its first (Aviary mounts none but GET + HEAD pairs).
      const method = [route.method].flat()[0]!;
      const found = endpointOf(method, route.url);
      if (!found) return;
      let ep = state.endpoints.get(found.key);
      if (!ep) {
        ep = { ...found, limits: found.table };
        state.endpoints.set(ep.key, ep);
      }
      const own = route.preHandler ? [route.preHandler].flat() : [];
      // installAuth's hook has already put authentication first on routes that declare `config.auth`.
      const at = route.config?.auth ? 1 : 0;
      const added = [...(limiting ? [rateLimiter(state, ep)] : []), ...(ep.capped ? [capCheck(state)] : [])];
      route.preHandler = [...own.slice(0, at), ...added, ...own.slice(at)];
      if (ep.capped)
        route.onSend = [...(route.onSend ? [route.onSend].flat() : []), readCounter(state)] as typeof route.onSend;
    }
  });
}

export type { Limits };
