// /2/webhooks (register, list, delete, re-check, replay) and /2/tweets/search/webhooks (stream links).
// Bearer (app-only) for all (DOCS); SPEC 2.166 also lets an OAuth 1.0a user token register, delete
// and re-check, so those accept both.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, type AuthRule } from '../../http/auth.js';
import { FIELD_ENUMS } from '../../http/field-enums.js';
import { parseQuery, type Query } from '../../http/params.js';
import { isoMillis } from '../../shared/clock.js';
import { problems } from '../../shared/problems.js';
import { createLink, deleteLink, LINK_PARAMS, linkView, listLinks, type LinkFields } from './webhooks.links.js';
import { createReplayJob, replayWindow } from './webhooks.replay.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  revalidateWebhook,
  type WebhookCascade,
} from './webhooks.service.js';
import { WEBHOOK_FIELDS, webhookView } from './webhooks.view.js';

const APP_OR_OAUTH1: AuthRule = { schemes: ['app', 'oauth1-user'] };
type IdParams = { Params: { webhook_id: string } };

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw problems.invalidParam('body', '', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

const LINK_QUERY = {
  'tweet.fields': { kind: 'list', values: FIELD_ENUMS.TweetFieldsParameter },
  expansions: { kind: 'list', values: FIELD_ENUMS.TweetExpansionsParameter },
  'media.fields': { kind: 'list', values: FIELD_ENUMS.MediaFieldsParameter },
  'poll.fields': { kind: 'list', values: FIELD_ENUMS.PollFieldsParameter },
  'user.fields': { kind: 'list', values: FIELD_ENUMS.UserFieldsParameter },
  'place.fields': { kind: 'list', values: FIELD_ENUMS.PlaceFieldsParameter },
} as const;

/** `cascades`: what other modules forget of a deleted webhook (composed in app.ts). */
export function webhooksRoutes(app: FastifyInstance, deps: Deps, cascades: WebhookCascade[]) {
  app.post('/2/webhooks', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    const w = await createWebhook(deps, req.caller!.app, bodyObject(req.body).url);
    // DOCS wraps the config in `data`; SPEC 2.166 draws the same four fields without it.
    return { data: webhookView(w) };
  });

  app.get<{ Querystring: Query }>('/2/webhooks', { config: { auth: APP_ONLY } }, async (req) => {
    const q = parseQuery(req.query, { 'webhook_config.fields': { kind: 'list', values: WEBHOOK_FIELDS } });
    const rows = await listWebhooks(deps, req.caller!.app.id);
    const fields = q['webhook_config.fields'] as string[] | undefined;
    return rows.length
      ? { data: rows.map((w) => webhookView(w, fields)), meta: { result_count: rows.length } }
      : { meta: { result_count: 0 } };
  });

  app.delete<IdParams>('/2/webhooks/:webhook_id', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    await deleteWebhook(deps, req.caller!.app.id, req.params.webhook_id, cascades);
    return { data: { deleted: true } };
  });

  app.put<IdParams>('/2/webhooks/:webhook_id', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    const w = await revalidateWebhook(deps, req.caller!.app, req.params.webhook_id);
    // SPEC answers {attempted: true}; the DOCS example {valid: true}. Both keys, so either reader works.
    return { data: { attempted: true, valid: w.valid === 1 } };
  });

  app.post('/2/webhooks/replay', { config: { auth: APP_ONLY } }, async (req) => {
    const b = bodyObject(req.body);
    if (typeof b.webhook_id !== 'string') throw problems.invalidParam('webhook_id', '', 'webhook_id is required');
    const job = await createReplayJob(deps, req.caller!.app, b.webhook_id, replayWindow(deps, b.from_date, b.to_date));
    // SPEC ReplayJobCreateResponse: top level, no `data`.
    return { job_id: job.id, created_at: isoMillis(job.created_at) };
  });

  app.post<IdParams & { Querystring: Query }>(
    '/2/tweets/search/webhooks/:webhook_id',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const q = parseQuery(req.query, LINK_QUERY) as LinkFields;
      const fields = Object.fromEntries(LINK_PARAMS.filter((p) => q[p]?.length).map((p) => [p, q[p]]));
      await createLink(deps, req.caller!.app, req.params.webhook_id, fields);
      return { data: { provisioned: true } };
    },
  );

  app.get('/2/tweets/search/webhooks', { config: { auth: APP_ONLY } }, async (req) => ({
    data: { links: (await listLinks(deps, req.caller!.app.id)).map(linkView) },
  }));

  app.delete<IdParams>('/2/tweets/search/webhooks/:webhook_id', { config: { auth: APP_ONLY } }, async (req) => {
    await deleteLink(deps, req.caller!.app, req.params.webhook_id);
    return { data: { deleted: true } };
  });
}
