// X Activity API: /2/activity/subscriptions (create, list, update, delete) and /2/activity/stream.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, type AuthRule } from '../../http/auth.js';
import { callerApp, requestCaller } from '../../http/caller.js';
import { streamHead } from '../../http/stream-head.js';
import { ids, int, readJson, readQuery, required, str, time, withDefault, type Query } from '../../http/input.js';
import { createSubscription, deleteSubscriptions, listSubscriptions, updateSubscription } from './activity.service.js';
import { admitStream, releaseAll, releaseStream } from './activity.admission.js';
import { closeStreams, openStream } from './activity.stream.js';
import { subscriptionView } from './activity.view.js';
import { disconnectLine } from '../stream/index.js';

/** SPEC: Bearer, OAuth 2.0 user or OAuth 1.0a user; scopes are checked per event kind (private kinds). */
const ANY: AuthRule = { schemes: ['app', 'oauth1-user', 'oauth2-user'] };
type IdParams = { Params: { subscription_id: string } };

/** A subscription body: an object whose fields the service judges (its words name each one). */
const readSubscription = (body: unknown) => readJson(body, {}, { open: true });

const LIST_QUERY = {
  max_results: withDefault(int({ min: 1, max: 1000 }), 1000),
  pagination_token: str({
    pattern: /^.{16,}$/,
    message: 'The `pagination_token` query parameter value [{v}] is not valid',
  }),
};
const DELETE_QUERY = { ids: required(ids({ max: 100 })) };
const STREAM_QUERY = {
  backfill_minutes: int({ min: 0, max: 5 }),
  start_time: time({ message: 'The `start_time` query parameter value [{v}] is not a valid RFC 3339 date-time' }),
  end_time: time({ message: 'The `end_time` query parameter value [{v}] is not a valid RFC 3339 date-time' }),
};

export function activityRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/activity/subscriptions', { config: { auth: ANY } }, async (req) => {
    const { row, total } = await createSubscription(deps, requestCaller(req), readSubscription(req.body));
    return {
      data: { subscription: subscriptionView(row), total_subscriptions_for_instance_id: total },
      meta: { total_subscriptions: total },
    };
  });

  app.get<{ Querystring: Query }>('/2/activity/subscriptions', { config: { auth: ANY } }, async (req) => {
    const q = readQuery(req.query, LIST_QUERY);
    const page = await listSubscriptions(deps, callerApp(req).id, q.max_results, q.pagination_token ?? null);
    const meta = { result_count: page.rows.length, ...(page.next ? { next_token: page.next } : {}) };
    return page.rows.length ? { data: page.rows.map(subscriptionView), meta } : { meta };
  });

  app.put<IdParams>('/2/activity/subscriptions/:subscription_id', { config: { auth: APP_ONLY } }, async (req) => {
    const { row, total } = await updateSubscription(
      deps,
      callerApp(req).id,
      req.params.subscription_id,
      readSubscription(req.body),
    );
    return { data: { subscription: subscriptionView(row), total_subscriptions: total } };
  });

  app.delete<IdParams>('/2/activity/subscriptions/:subscription_id', { config: { auth: APP_ONLY } }, async (req) => {
    const { total } = await deleteSubscriptions(deps, callerApp(req).id, [req.params.subscription_id]);
    return { data: { deleted: true }, meta: { total_subscriptions: total } };
  });

  app.delete<{ Querystring: Query }>('/2/activity/subscriptions', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, DELETE_QUERY);
    const { total } = await deleteSubscriptions(deps, callerApp(req).id, q.ids);
    return { data: { deleted: true }, meta: { total_subscriptions: total } };
  });

  app.get<{ Querystring: Query }>('/2/activity/stream', { config: { auth: APP_ONLY } }, async (req, reply) => {
    const q = readQuery(req.query, STREAM_QUERY);
    const appId = callerApp(req).id;
    const admitted = await admitStream(deps, appId);
    const now = deps.clock.now();
    const backfill = q.backfill_minutes;
    const since = q.start_time ?? (backfill ? now - backfill * 60_000 : null);
    const until = q.end_time ?? null;
    deps.runtime.journal.streamOpened(req, reply);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, streamHead(reply, 'application/json'));
    res.flushHeaders();
    res.on('close', () => releaseStream(deps, admitted));
    const close = await openStream(deps, appId, { write: (c) => res.write(c), end: () => res.end() }, since, until);
    // Fault rules (/_aviary/faults, target `stream`) may cut it with the filtered stream's in-stream error.
    const untap = deps.runtime.faults.streamOpened({
      path: '/2/activity/stream',
      appId,
      disconnect: (type) => {
        close();
        res.end(disconnectLine(type));
      },
    });
    req.raw.on('close', close);
    res.on('close', () => {
      close();
      untap();
    });
  });

  app.addHook('preClose', async () => {
    closeStreams(deps);
    await releaseAll(deps);
  });
}
