// Control API for rate limits (a public contract, README):
//   GET /_aviary/rate-limits              the mode, every limited endpoint's numbers, the open counters
//   PUT /_aviary/rate-limits              {endpoint, limits?: {app, user, account: {limit, window_seconds},
//                                          app_24h, user_24h}, default?: true, reset?: true}
// `limits` overrides the named pools of one endpoint (the others keep the table's numbers); `default`
// brings back the table's numbers; `reset` empties the endpoint's counters (every counter when no
// endpoint is named). Counters live in the store (ADR 0019); overrides in this server's memory, or, on
// nodes sharing PostgreSQL, in the store for every node (limits.overrides.ts).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { bool, int, obj, readControl, required, str } from '../http/input.js';
import { problems } from '../shared/problems.js';
import { limitsRepo } from './limits.repo.js';
import type { Endpoint } from './limits.state.js';
import type { Limits, Window } from './limits.table.js';

const WINDOW = obj({
  limit: required(int({ min: 0, max: 1_000_000_000 })),
  window_seconds: required(int({ min: 1, max: 31 * 86_400 })),
});
const DAY_LIMIT = int({ min: 0, max: 1_000_000_000 });
const PUT_BODY = {
  endpoint: str({ pattern: /^(GET|POST|PUT|DELETE) \S+$/, message: 'endpoint must be "METHOD /route/template"' }),
  limits: obj({ app: WINDOW, user: WINDOW, account: WINDOW, app_24h: DAY_LIMIT, user_24h: DAY_LIMIT }),
  default: bool(),
  reset: bool(),
};

type WindowIn = { limit: number; window_seconds: number };
const toWindow = (w: WindowIn): Window => ({ limit: w.limit, ms: w.window_seconds * 1000 });
const windowView = (w: Window | undefined) => (w ? { limit: w.limit, window_seconds: w.ms / 1000 } : undefined);

function endpointView(ep: Endpoint) {
  const l = ep.limits;
  return {
    endpoint: ep.key,
    family: ep.family,
    app: windowView(l.app),
    user: windowView(l.user),
    account: windowView(l.account),
    app_24h: l.appDay,
    user_24h: l.userDay,
    one_per_second: l.perSecond || undefined,
    category: l.category,
    post_cap: ep.capped || undefined,
    overridden: l !== ep.table,
  };
}

const limited = (l: Limits) => Boolean(l.app || l.user || l.account || l.appDay || l.userDay);

function override(ep: Endpoint, o: NonNullable<ReturnType<typeof readPut>['limits']>): Limits {
  const next: Limits = { ...ep.limits };
  if (o.app) next.app = toWindow(o.app);
  if (o.user) next.user = toWindow(o.user);
  if (o.account) next.account = toWindow(o.account);
  if (o.app_24h !== undefined) next.appDay = o.app_24h;
  if (o.user_24h !== undefined) next.userDay = o.user_24h;
  return next;
}

const readPut = (body: unknown) => readControl(body, PUT_BODY);

/** The key a counter of this endpoint carries (limits.hook.ts takesOf): `<pool>|<endpoint>|…`. */
const counterOf = (key: string, endpoint: string) => key.split('|')[1] === endpoint;

export function limitsAdminRoutes(app: FastifyInstance, deps: Deps) {
  const state = deps.runtime.limits;

  app.get('/_aviary/rate-limits', async () => {
    await state.counters.flush();
    const now = deps.clock.now();
    const counters = (await limitsRepo.open(deps.db, now)).map((c) => ({
      key: c.key,
      used: Number(c.used),
      reset: Math.ceil(Number(c.reset_at) / 1000),
    }));
    const endpoints = [...state.endpoints.values()].filter((e) => limited(e.limits) || e.capped).map(endpointView);
    return { data: { mode: deps.config.rateLimits, endpoints, counters } };
  });

  app.put('/_aviary/rate-limits', async (req) => {
    const b = readPut(req.body);
    if (b.endpoint === undefined) {
      if (b.limits || b.default) throw problems.invalidParam('endpoint', '', 'endpoint is required to change limits');
      const cleared = b.reset ? await state.counters.clear(null) : 0;
      return { data: { reset: Boolean(b.reset), counters_cleared: cleared } };
    }
    const ep = state.endpoints.get(b.endpoint);
    if (!ep) throw problems.invalidParam('endpoint', b.endpoint, `${b.endpoint} is not an endpoint Aviary serves`);
    if (b.default) ep.limits = ep.table;
    if (b.limits) ep.limits = override(ep, b.limits);
    if (b.default || b.limits) await state.changed(ep);
    let cleared = 0;
    if (b.reset) {
      await state.counters.flush();
      for (const c of await limitsRepo.open(deps.db, deps.clock.now()))
        if (counterOf(c.key, ep.key)) cleared += await state.counters.clear(c.key);
    }
    return { data: { ...endpointView(ep), counters_cleared: cleared } };
  });
}
