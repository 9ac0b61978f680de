// Filtered-stream ↔ webhook links (POST/GET/DELETE /2/tweets/search/webhooks; notes §3): once a link
// answers `provisioned: true`, every post matching the app's stream rules is POSTed to the webhook as
// a stream message, rendered with the link's own field set. Enterprise only (DOCS stream introduction).
import type { AppRow } from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { problems } from '../../shared/problems.js';
import { linksRepo, type LinkRow } from './webhooks.repo.js';
import { requireWebhook } from './webhooks.service.js';

export const LINK_PARAMS = [
  'tweet.fields',
  'expansions',
  'media.fields',
  'poll.fields',
  'user.fields',
  'place.fields',
] as const;
export type LinkFields = Partial<Record<(typeof LINK_PARAMS)[number], string[]>>;

export async function createLink(deps: Deps, app: AppRow, webhookId: string, fields: LinkFields): Promise<void> {
  if (app.tier !== 'enterprise')
    throw problems.clientForbidden({ reason: 'client-not-enrolled', client_id: app.client_id });
  await requireWebhook(deps, app.id, webhookId);
  await linksRepo.upsert(deps.db, {
    webhook_id: webhookId,
    app_id: app.id,
    instance_id: app.id,
    fields: JSON.stringify(fields),
    created_at: deps.clock.now(),
  });
}

export const listLinks = (deps: Deps, appId: string) => linksRepo.byApp(deps.db, appId);
export const allLinks = (deps: Deps) => linksRepo.all(deps.db);
/** A query with a row when any webhook is linked to a filtered stream. */
export const ANY_LINK_SQL = linksRepo.ANY_SQL;

export async function deleteLink(deps: Deps, app: AppRow, webhookId: string): Promise<void> {
  await requireWebhook(deps, app.id, webhookId);
  if (!(await linksRepo.remove(deps.db, webhookId))) {
    throw problems.invalidParam(
      'webhook_id',
      webhookId,
      `WebhookIdInvalid: webhook ${webhookId} is not linked to the filtered stream`,
    );
  }
}

/** SPEC: one query-parameter formatted item per parameter, e.g. `user.fields=name,username`. */
export function linkView(l: LinkRow) {
  const fields = JSON.parse(l.fields) as LinkFields;
  return {
    application_id: l.app_id,
    created_at: isoMillis(l.created_at),
    fields: Object.entries(fields).map(([k, v]) => `${k}=${v!.join(',')}`),
    instance_id: l.instance_id,
    webhook_id: l.webhook_id,
  };
}
