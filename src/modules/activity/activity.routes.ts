// X Activity API: /2/activity/subscriptions (create, list, update, delete) and /2/activity/stream.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, type AuthRule } from '../../http/auth.js';
import { parseQuery, type Query } from '../../http/params.js';
import { ISO_TIME, parseIsoTime } from '../../shared/iso-time.js';
import { problems } from '../../shared/problems.js';
import {
  createSubscription,
  deleteSubscriptions,
  listSubscriptions,
  updateSubscription,
  type Body,
} from './activity.service.js';
import { closeStreams, connectionsOf, MAX_CONNECTIONS, openStream } from './activity.stream.js';
import { subscriptionView } from './activity.view.js';

/** SPEC: Bearer, OAuth 2.0 user or OAuth 1.0a user; scopes are checked per event kind (private kinds). */
const ANY: AuthRule = { schemes: ['app', 'oauth1-user', 'oauth2-user'] };
type IdParams = { Params: { subscription_id: string } };

function body(b: unknown): Body {
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b))
    throw problems.invalidParam('body', '', 'The request body must be a JSON object.');
  return b as Body;
}

const STREAM_QUERY = {
  backfill_minutes: { kind: 'int', min: 0, max: 5 },
  start_time: {
    kind: 'string',
    pattern: ISO_TIME,
    message: 'The `start_time` query parameter value [{v}] is not a valid RFC 3339 date-time',
  },
  end_time: {
    kind: 'string',
    pattern: ISO_TIME,
    message: 'The `end_time` query parameter value [{v}] is not a valid RFC 3339 date-time',
  },
} as const;

export function activityRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/activity/subscriptions', { config: { auth: ANY } }, async (req) => {
    const { row, total } = await createSubscription(deps, req.caller!, body(req.body));
    return {
      data: { subscription: subscriptionView(row), total_subscriptions_for_instance_id: total },
      meta: { total_subscriptions: total },
    };
  });

  app.get<{ Querystring: Query }>('/2/activity/subscriptions', { config: { auth: ANY } }, async (req) => {
    const q = parseQuery(req.query, {
      max_results: { kind: 'int', min: 1, max: 1000 },
      pagination_token: {
        kind: 'string',
        pattern: /^.{16,}$/,
        message: 'The `pagination_token` query parameter value [{v}] is not valid',
      },
    });
    const page = await listSubscriptions(
      deps,
      req.caller!.app.id,
      (q.max_results as number | undefined) ?? 1000,
      (q.pagination_token as string | undefined) ?? null,
    );
    const meta = { result_count: page.rows.length, ...(page.next ? { next_token: page.next } : {}) };
    return page.rows.length ? { data: page.rows.map(subscriptionView), meta } : { meta };
  });

  app.put<IdParams>('/2/activity/subscriptions/:subscription_id', { config: { auth: APP_ONLY } }, async (req) => {
    const { row, total } = await updateSubscription(
      deps,
      req.caller!.app.id,
      req.params.subscription_id,
      body(req.body),
    );
    return { data: { subscription: subscriptionView(row), total_subscriptions: total } };
  });

  app.delete<IdParams>('/2/activity/subscriptions/:subscription_id', { config: { auth: APP_ONLY } }, async (req) => {
    const { total } = await deleteSubscriptions(deps, req.caller!.app.id, [req.params.subscription_id]);
    return { data: { deleted: true }, meta: { total_subscriptions: total } };
  });

  app.delete<{ Querystring: Query }>('/2/activity/subscriptions', { config: { auth: APP_ONLY } }, async (req) => {
    const q = parseQuery(req.query, { ids: { kind: 'ids', max: 100 } }, ['ids']);
    const { total } = await deleteSubscriptions(deps, req.caller!.app.id, q.ids as string[]);
    return { data: { deleted: true }, meta: { total_subscriptions: total } };
  });

  app.get<{ Querystring: Query }>('/2/activity/stream', { config: { auth: APP_ONLY } }, async (req, reply) => {
    const q = parseQuery(req.query, STREAM_QUERY);
    const appId = req.caller!.app.id;
    if (connectionsOf(deps, appId) >= MAX_CONNECTIONS) {
      throw problems.streamingConnection(
        'TooManyConnections',
        'This stream is currently at the maximum allowed connection limit.',
      );
    }
    const now = deps.clock.now();
    const backfill = q.backfill_minutes as number | undefined;
    const since = q.start_time ? parseIsoTime(q.start_time as string) : backfill ? now - backfill * 60_000 : null;
    const until = q.end_time ? parseIsoTime(q.end_time as string) : null;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const close = await openStream(deps, appId, { write: (c) => res.write(c), end: () => res.end() }, since, until);
    req.raw.on('close', close);
    res.on('close', close);
  });

  app.addHook('preClose', async () => closeStreams(deps));
}
