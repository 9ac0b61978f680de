// Control API for webhooks and activity events: the delivery log of a webhook, synthetic events,
// and the causes the public API cannot produce (profile changes, Spaces, DM typing/read signals).
// Mounted by admin.routes.ts, so the admin token guards it. Shapes are a public contract (README).
import type { FastifyInstance } from 'fastify';
import { deliveryRepo, type AttemptRow } from '../delivery/index.js';
import type { Deps } from '../deps.js';
import { dmSignal, emitSynthetic, endSpace, patchProfile, spaceView, startSpace } from '../modules/activity/index.js';
import { findWebhook, webhookView } from '../modules/webhooks/index.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';
import { objectBody } from './body.js';

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
      const rows = await deliveryRepo.attempts(deps.db, w.id, max + 1, req.query.until_id ?? null);
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
    const ids = await emitSynthetic(deps, objectBody(req.body));
    return reply.code(201).send({ data: { queued: ids.length, source_ids: ids } });
  });

  app.patch<IdParams>('/_aviary/users/:id', async (req) => ({
    data: await patchProfile(deps, req.params.id, objectBody(req.body)),
  }));

  app.post('/_aviary/spaces', async (req, reply) =>
    reply.code(201).send({ data: spaceView(await startSpace(deps, objectBody(req.body))) }),
  );
  app.post<IdParams>('/_aviary/spaces/:id/end', async (req) => ({
    data: spaceView(await endSpace(deps, req.params.id)),
  }));

  app.post('/_aviary/dm-signals', async (req, reply) =>
    reply.code(201).send({ data: { source_id: await dmSignal(deps, objectBody(req.body)) } }),
  );
}
