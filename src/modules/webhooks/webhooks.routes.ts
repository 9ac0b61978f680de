// /2/webhooks (register, list, delete, re-check, replay) and /2/tweets/search/webhooks (stream links).
// Bearer (app-only) for all (DOCS); SPEC 2.166 also lets an OAuth 1.0a user token register, delete
// and re-check, so those accept both.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, type AuthRule } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import { FIELD_ENUMS } from '../../http/field-enums.js';
import { list, readJson, readQuery, required, str, type Query } from '../../http/input.js';
import { isoMillis } from '../../shared/clock.js';
import { createLink, deleteLink, LINK_PARAMS, linkView, listLinks } from './webhooks.links.js';
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

// SPEC WebhookConfigCreateRequest and WebhookReplayCreateRequest allow other properties. Their values
// are judged by the service, in its own words (UrlValidationFailed, the replay window's rules).
const NEW_WEBHOOK = { url: str() };
const REPLAY = { webhook_id: required(str()), from_date: str(), to_date: str() };
const LIST_QUERY = { 'webhook_config.fields': list(WEBHOOK_FIELDS) };
const LINK_QUERY = {
  'tweet.fields': list(FIELD_ENUMS.TweetFieldsParameter),
  expansions: list(FIELD_ENUMS.TweetExpansionsParameter),
  'media.fields': list(FIELD_ENUMS.MediaFieldsParameter),
  'poll.fields': list(FIELD_ENUMS.PollFieldsParameter),
  'user.fields': list(FIELD_ENUMS.UserFieldsParameter),
  'place.fields': list(FIELD_ENUMS.PlaceFieldsParameter),
};

/** `cascades`: what other modules forget of a deleted webhook (composed in app.ts). */
export function webhooksRoutes(app: FastifyInstance, deps: Deps, cascades: WebhookCascade[]) {
  app.post('/2/webhooks', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    const b = readJson(req.body, NEW_WEBHOOK, { open: true });
    const w = await createWebhook(deps, callerApp(req), b.url);
    // DOCS wraps the config in `data`; SPEC 2.166 draws the same four fields without it.
    return { data: webhookView(w) };
  });

  app.get<{ Querystring: Query }>('/2/webhooks', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, LIST_QUERY);
    const rows = await listWebhooks(deps, callerApp(req).id);
    const fields = q['webhook_config.fields'];
    return rows.length
      ? { data: rows.map((w) => webhookView(w, fields)), meta: { result_count: rows.length } }
      : { meta: { result_count: 0 } };
  });

  app.delete<IdParams>('/2/webhooks/:webhook_id', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    await deleteWebhook(deps, callerApp(req).id, req.params.webhook_id, cascades);
    return { data: { deleted: true } };
  });

  app.put<IdParams>('/2/webhooks/:webhook_id', { config: { auth: APP_OR_OAUTH1 } }, async (req) => {
    const w = await revalidateWebhook(deps, callerApp(req), req.params.webhook_id);
    // SPEC answers {attempted: true}; the DOCS example {valid: true}. Both keys, so either reader works.
    return { data: { attempted: true, valid: w.valid === 1 } };
  });

  app.post('/2/webhooks/replay', { config: { auth: APP_ONLY } }, async (req) => {
    const b = readJson(req.body, REPLAY, { open: true });
    const job = await createReplayJob(deps, callerApp(req), b.webhook_id, replayWindow(deps, b.from_date, b.to_date));
    // SPEC ReplayJobCreateResponse: top level, no `data`.
    return { job_id: job.id, created_at: isoMillis(job.created_at) };
  });

  app.post<IdParams & { Querystring: Query }>(
    '/2/tweets/search/webhooks/:webhook_id',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const q = readQuery(req.query, LINK_QUERY);
      const fields = Object.fromEntries(LINK_PARAMS.filter((p) => q[p]?.length).map((p) => [p, q[p]]));
      await createLink(deps, callerApp(req), req.params.webhook_id, fields);
      return { data: { provisioned: true } };
    },
  );

  app.get('/2/tweets/search/webhooks', { config: { auth: APP_ONLY } }, async (req) => ({
    data: { links: (await listLinks(deps, callerApp(req).id)).map(linkView) },
  }));

  app.delete<IdParams>('/2/tweets/search/webhooks/:webhook_id', { config: { auth: APP_ONLY } }, async (req) => {
    await deleteLink(deps, callerApp(req), req.params.webhook_id);
    return { data: { deleted: true } };
  });
}
