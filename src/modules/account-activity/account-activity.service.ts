// Account Activity API v2 (deprecated in favour of the X Activity API; notes §7): a user subscribes
// a webhook of the app to all of their account's activity. Failure reasons as the docs name them:
// WebhookIdInvalid, DuplicateSubscriptionFailed, SubscriptionLimitExceeded, SubscriptionNotFound.
import type { AppRow, Tier } from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { requireWebhook } from '../webhooks/index.js';
import { aaaRepo, type AaaRow } from './account-activity.repo.js';

/** Pay-Per-Use 3 subscriptions, Enterprise 5,000 (DOCS account-activity introduction). */
export const AAA_LIMITS: Record<Tier, number> = { free: 3, basic: 3, pro: 3, 'pay-per-use': 3, enterprise: 5000 };

export async function subscribe(deps: Deps, app: AppRow, webhookId: string, userId: string): Promise<void> {
  await requireWebhook(deps, app.id, webhookId);
  if (await aaaRepo.get(deps.db, webhookId, userId)) {
    throw problems.invalidParam(
      'webhook_id',
      webhookId,
      `DuplicateSubscriptionFailed: user ${userId} is already subscribed to this webhook`,
    );
  }
  const limit = AAA_LIMITS[app.tier] ?? 3;
  if ((await aaaRepo.countByApp(deps.db, app.id)) >= limit) {
    throw problems.invalidParam(
      'webhook_id',
      webhookId,
      `SubscriptionLimitExceeded: the ${app.tier} tier allows ${limit} subscriptions`,
    );
  }
  await aaaRepo.insert(deps.db, {
    webhook_id: webhookId,
    user_id: userId,
    app_id: app.id,
    created_at: deps.clock.now(),
  });
}

export async function isSubscribed(deps: Deps, app: AppRow, webhookId: string, userId: string): Promise<boolean> {
  await requireWebhook(deps, app.id, webhookId);
  return Boolean(await aaaRepo.get(deps.db, webhookId, userId));
}

export async function listSubscribers(deps: Deps, app: AppRow, webhookId: string) {
  const w = await requireWebhook(deps, app.id, webhookId);
  return { webhook: w, rows: await aaaRepo.byWebhook(deps.db, webhookId) };
}

export async function unsubscribe(deps: Deps, app: AppRow, webhookId: string, userId: string): Promise<void> {
  await requireWebhook(deps, app.id, webhookId);
  if (!(await aaaRepo.remove(deps.db, webhookId, userId))) {
    throw problems.invalidParam(
      'user_id',
      userId,
      `SubscriptionNotFound: user ${userId} is not subscribed to webhook ${webhookId}`,
    );
  }
}

export async function countSubscriptions(deps: Deps, app: AppRow) {
  return { count: await aaaRepo.countByApp(deps.db, app.id), limit: AAA_LIMITS[app.tier] ?? 3 };
}

/** Whether any account has an Account Activity subscription at all. */
export const anySubscriber = (deps: Deps) => aaaRepo.any(deps.db);
/** A query with a row when any Account Activity subscription exists. */
export const ANY_SUBSCRIBER_SQL = aaaRepo.ANY_SQL;

/** Subscriptions (webhook, app) per subscribed user, for the fan-out. */
export async function subscribersOf(deps: Deps, userIds: string[]): Promise<Map<string, AaaRow[]>> {
  const out = new Map<string, AaaRow[]>();
  if (!userIds.length) return out;
  for (const r of await aaaRepo.byUsers(deps.db, [...new Set(userIds)])) {
    const list = out.get(r.user_id) ?? [];
    list.push(r);
    out.set(r.user_id, list);
  }
  return out;
}

/** A webhook is being deleted (in `tx`; app.ts hands this to the webhooks module): its subscriptions go with it. */
export const removeDeletedWebhook = (tx: Queryable, webhookId: string) => aaaRepo.removeWebhook(tx, webhookId);
