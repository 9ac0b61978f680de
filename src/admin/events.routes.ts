// Control API for webhooks and activity events: the delivery log of a webhook, synthetic events,
// and the causes the public API cannot produce (profile changes, Spaces, DM typing/read signals).
// Mounted by admin.routes.ts, so the admin token guards it. Shapes are a public contract (README).
import type { FastifyInstance } from 'fastify';
import { deliveryRepo, type AttemptRow } from '../delivery/index.js';
import type { Deps } from '../deps.js';
import { dmSignal, emitSynthetic, endSpace, patchProfile, spaceView, startSpace } from '../modules/activity/index.js';
import { findWebhook, webhookView } from '../modules/webhooks/index.js';
import {
  ID_PATTERN,
  id,
  int,
  num,
  obj,
  oneOf,
  readControl,
  readControlQuery,
  str,
  strs,
  withDefault,
  type Query,
} from '../http/input.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';

type IdParams = { Params: { id: string } };

const DELIVERIES_QUERY = {
  max_results: withDefault(int({ min: 1, max: 1000, message: 'max_results must be an integer from 1 to 1000' }), 100),
  until_id: id({ message: 'until_id must be an attempt id (^[0-9]{1,19}$)' }),
};
/** A JSON object delivered as given. */
const anyObject = () => obj({}, { open: true });
/**
 * A synthetic event, each field of its JSON type: `payload` and `includes` are delivered as given, so
 * they must be objects; `text` is what keyword filters match. The service checks the rest.
 */
const SYNTHETIC = {
  event_type: str(),
  user_id: str(),
  direction: str(),
  payload: anyObject(),
  includes: anyObject(),
  text: str(),
  count: num(),
};
const SPACE = { host_id: str(), title: str() };
const DM_SIGNAL = {
  type: oneOf(['typing', 'read']),
  sender_id: str(),
  recipient_ids: strs({ min: 1, each: (s) => ID_PATTERN.test(s), what: 'user ids' }),
  conversation_id: str(),
  last_read_event_id: str(),
};

const attemptView = (a: AttemptRow) => ({
  id: a.id,
  delivery_id: a.delivery_id,
  event_id: a.event_id,
  kind: a.kind,
  attempt: a.attempt,
  status: a.status,
  response_code: a.response_code,
  latency_ms: a.latency_ms,
  error: a.error,
  at: isoMillis(a.at),
});

export function eventsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.get<IdParams & { Querystring: Query }>('/_aviary/webhooks/:id/deliveries', async (req) => {
    const { max_results: max, until_id: until } = readControlQuery(req.query, DELIVERIES_QUERY);
    const w = await findWebhook(deps, req.params.id);
    if (!w) throw problems.invalidParam('id', req.params.id, `WebhookIdInvalid: no webhook with id ${req.params.id}`);
    const rows = await deliveryRepo.attempts(deps.db, w.id, max + 1, until ?? null);
    const page = rows.slice(0, max);
    const meta = {
      result_count: page.length,
      ...(rows.length > max ? { next_until_id: page[page.length - 1]!.id } : {}),
    };
    return {
      data: page.map(attemptView),
      meta,
      webhook: { ...webhookView(w), invalid_reason: w.invalid_reason, last_check_result: w.last_check_result },
    };
  });

  app.post('/_aviary/events', async (req, reply) => {
    const ids = await emitSynthetic(deps, readControl(req.body, SYNTHETIC));
    return reply.code(201).send({ data: { queued: ids.length, source_ids: ids } });
  });

  app.patch<IdParams>('/_aviary/users/:id', async (req) => ({
    // Open: the users service names the fields a profile has, and `null` clears one.
    data: await patchProfile(deps, req.params.id, readControl(req.body, {}, { open: true })),
  }));

  app.post('/_aviary/spaces', async (req, reply) => {
    return reply.code(201).send({ data: spaceView(await startSpace(deps, readControl(req.body, SPACE))) });
  });
  app.post<IdParams>('/_aviary/spaces/:id/end', async (req) => ({
    data: spaceView(await endSpace(deps, req.params.id)),
  }));

  app.post('/_aviary/dm-signals', async (req, reply) => {
    return reply.code(201).send({ data: { source_id: await dmSignal(deps, readControl(req.body, DM_SIGNAL)) } });
  });
}
