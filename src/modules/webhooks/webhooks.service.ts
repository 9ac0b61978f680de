// The webhook registry: register (URL rules, duplicate and tier limits, a check before answering),
// list, delete, and re-check (PUT). Failures are the invalid-request problem with the real reason
// names in errors[].message (DOCS webhooks quickstart; notes §2.3): UrlValidationFailed,
// DuplicateUrlFailed, WebhookLimitExceeded, CrcValidationFailed, WebhookIdInvalid.
import type { AppRow, Tier } from '../../auth/index.js';
import { checkUrlShape, refusePrivateHost } from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { armCheck, crcOf, recordCheck } from './webhooks.checks.js';
import { linksRepo, webhooksRepo, type WebhookRow } from './webhooks.repo.js';
import { applyCheck } from './webhooks.state.js';

/** Webhooks per app: Pay-Per-Use has 1, Enterprise 5 (DOCS account-activity introduction). */
export const WEBHOOK_LIMITS: Record<Tier, number> = { free: 1, basic: 1, pro: 1, 'pay-per-use': 1, enterprise: 5 };
export const WEBHOOK_ID = /^[0-9]{1,19}$/;

const fail = (reason: string, detail: string, param: string, value: string) =>
  problems.invalidParam(param, value, `${reason}: ${detail}`);

/**
 * What another module does, in the deleting transaction, when a webhook it points at is deleted.
 * The list is composed in app.ts and handed to the routes, so a deletion never depends on which
 * modules happened to be imported.
 */
export type WebhookCascade = (tx: Queryable, webhookId: string) => Promise<unknown>;

async function checkUrl(deps: Deps, url: unknown): Promise<string> {
  if (typeof url !== 'string' || url.length < 1 || url.length > 200) {
    throw fail(
      'UrlValidationFailed',
      'url is required and must be 1 to 200 characters',
      'url',
      typeof url === 'string' ? url : '',
    );
  }
  const shape = checkUrlShape(url, deps.config.strictWebhooks);
  if (!shape.ok) throw fail('UrlValidationFailed', shape.reason, 'url', url);
  if (deps.config.strictWebhooks) {
    const refused = await refusePrivateHost(shape.url);
    if (refused) throw fail('UrlValidationFailed', refused, 'url', url);
  }
  return url;
}

export async function createWebhook(deps: Deps, app: AppRow, rawUrl: unknown): Promise<WebhookRow> {
  const url = await checkUrl(deps, rawUrl);
  const duplicate = () =>
    fail('DuplicateUrlFailed', 'a webhook with this url is already registered for this app', 'url', url);
  if (await webhooksRepo.byUrl(deps.db, app.id, url)) throw duplicate();
  const limit = WEBHOOK_LIMITS[app.tier] ?? 1;
  if ((await webhooksRepo.countByApp(deps.db, app.id)) >= limit) {
    throw fail(
      'WebhookLimitExceeded',
      `the ${app.tier} tier allows ${limit} webhook${limit === 1 ? '' : 's'}`,
      'url',
      url,
    );
  }
  const outcome = await crcOf(deps, url, app.consumer_secret);
  if (outcome.result !== 'success') throw fail('CrcValidationFailed', outcome.reason, 'url', url);
  const now = deps.clock.now();
  const w: WebhookRow = {
    id: deps.ids.next(),
    app_id: app.id,
    url,
    created_at: now,
    ...applyCheck({ valid: 1, created_at: now, last_success_at: null }, outcome, now),
  };
  try {
    await webhooksRepo.insert(deps.db, w);
  } catch (err) {
    if (await webhooksRepo.byUrl(deps.db, app.id, url)) throw duplicate();
    throw err;
  }
  armCheck(deps, w.id, w.next_check_at);
  return w;
}

export const listWebhooks = (deps: Deps, appId: string) => webhooksRepo.byApp(deps.db, appId);
export const findWebhook = (deps: Deps, id: string) => webhooksRepo.byId(deps.db, id);

/** The caller's own webhook, or the WebhookIdInvalid problem. */
export async function requireWebhook(deps: Deps, appId: string, id: string, param = 'webhook_id'): Promise<WebhookRow> {
  const w = WEBHOOK_ID.test(id) ? await webhooksRepo.byId(deps.db, id) : undefined;
  if (!w || w.app_id !== appId)
    throw fail('WebhookIdInvalid', `no webhook with id ${id} is registered for this app`, param, id);
  return w;
}

/** Deletes the webhook, its stream link and, through `cascades`, what other modules keep of it. */
export async function deleteWebhook(deps: Deps, appId: string, id: string, cascades: WebhookCascade[]): Promise<void> {
  await requireWebhook(deps, appId, id);
  await deps.db.tx(async (tx) => {
    await webhooksRepo.remove(tx, id);
    await linksRepo.remove(tx, id);
    for (const cascade of cascades) await cascade(tx, id);
  });
  armCheck(deps, id, null);
}

/** PUT: a check now; success re-enables the webhook, failure is reported after the state is stored. */
export async function revalidateWebhook(deps: Deps, app: AppRow, id: string): Promise<WebhookRow> {
  const w = await requireWebhook(deps, app.id, id);
  const outcome = await crcOf(deps, w.url, app.consumer_secret, w.id);
  const next = await recordCheck(deps, w, outcome);
  if (outcome.result !== 'success') throw fail('CrcValidationFailed', outcome.reason, 'webhook_id', id);
  return { ...w, ...next };
}
