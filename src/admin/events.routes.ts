// Control API for webhooks and activity events: the delivery log of a webhook, synthetic events,
// and the causes the public API cannot produce (profile changes, Spaces, DM typing/read signals).
// Mounted by admin.routes.ts, so the admin token guards it. Shapes are a public contract (README).
import type { FastifyInstance } from 'fastify';
import { deliveryRepo, type AttemptRow } from '../delivery/index.js';
import type { Deps } from '../deps.js';
import { dmSignal, emitSynthetic, endSpace, patchProfile, spaceView, startSpace } from '../modules/activity/index.js';
import { findWebhook, webhookView } from '../modules/webhooks/index.js';
import { isoMillis } from '../shared/clock.js';
import { echo, problems } from '../shared/problems.js';
import { objectBody, onlyFields, type Body } from './body.js';

type IdParams = { Params: { id: string } };

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
  app.get<IdParams & { Querystring: { max_results?: string; until_id?: string } }>(
    '/_aviary/webhooks/:id/deliveries',
    async (req) => {
      const w = await findWebhook(deps, req.params.id);
      if (!w) throw problems.invalidParam('id', req.params.id, `WebhookIdInvalid: no webhook with id ${req.params.id}`);
      const max = req.query.max_results === undefined ? 100 : Number(req.query.max_results);
      if (!Number.isInteger(max) || max < 1 || max > 1000)
        throw problems.invalidParam(
          'max_results',
          String(req.query.max_results),
          'max_results must be an integer from 1 to 1000',
        );
      const until = req.query.until_id;
      if (until !== undefined && (typeof until !== 'string' || !/^[0-9]{1,19}$/.test(until)))
        throw problems.invalidParam('until_id', echo(until), 'until_id must be an attempt id (^[0-9]{1,19}$)');
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
    },
  );

  app.post('/_aviary/events', async (req, reply) => {
    const ids = await emitSynthetic(deps, syntheticBody(objectBody(req.body)));
    return reply.code(201).send({ data: { queued: ids.length, source_ids: ids } });
  });

  app.patch<IdParams>('/_aviary/users/:id', async (req) => ({
    data: await patchProfile(deps, req.params.id, objectBody(req.body)),
  }));

  app.post('/_aviary/spaces', async (req, reply) => {
    const b = objectBody(req.body);
    onlyFields(b, ['host_id', 'title']);
    return reply.code(201).send({ data: spaceView(await startSpace(deps, b)) });
  });
  app.post<IdParams>('/_aviary/spaces/:id/end', async (req) => ({
    data: spaceView(await endSpace(deps, req.params.id)),
  }));

  app.post('/_aviary/dm-signals', async (req, reply) => {
    const b = objectBody(req.body);
    onlyFields(b, ['type', 'sender_id', 'recipient_ids', 'conversation_id', 'last_read_event_id']);
    for (const field of ['conversation_id', 'last_read_event_id'])
      if (b[field] !== undefined && typeof b[field] !== 'string') throw notString(field, b[field]);
    return reply.code(201).send({ data: { source_id: await dmSignal(deps, b) } });
  });
}

const notString = (field: string, value: unknown) =>
  problems.invalidParam(field, echo(value), `${field} must be a string`);

/**
 * The fields of a synthetic event, each of its JSON type: `payload` and `includes` are delivered as
 * given, so they must be objects; `text` is what keyword filters match. The service checks the rest.
 */
function syntheticBody(b: Body): Body {
  onlyFields(b, ['event_type', 'user_id', 'direction', 'payload', 'includes', 'text', 'count']);
  for (const field of ['payload', 'includes']) {
    const v = b[field];
    if (v !== undefined && (typeof v !== 'object' || v === null || Array.isArray(v)))
      throw problems.invalidParam(field, echo(v), `${field} must be a JSON object`);
  }
  if (b.text !== undefined && typeof b.text !== 'string') throw notString('text', b.text);
  return b;
}
