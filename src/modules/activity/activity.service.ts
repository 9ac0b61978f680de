// X Activity API subscriptions (notes §6.1): create, list, update (tag and webhook only), delete.
// Private kinds need the consent of the filtered user — a user-context token of that very user
// with the kind's scope (DOCS x-api/activity/introduction.mdx); public kinds work app-only.
import type { Caller, Tier } from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { Queryable } from '../../store/index.js';
import { findUserById } from '../users/index.js';
import { requireWebhook } from '../webhooks/index.js';
import { DIRECTIONS, kindOf, replacementOf } from './activity.kinds.js';
import { activityRepo, type SubscriptionRow } from './activity.repo.js';

/** 1,500 subscriptions self-serve, 75,000 Enterprise (DOCS activity introduction). */
const LIMITS: Record<Tier, number> = { free: 1500, basic: 1500, pro: 1500, 'pay-per-use': 1500, enterprise: 75_000 };
const ID = /^[0-9]{1,19}$/;

export type Body = Record<string, unknown>;
const bad = (param: string, value: unknown, message: string) =>
  problems.invalidParam(param, typeof value === 'string' ? value : JSON.stringify(value ?? ''), message);

function only(b: Body, allowed: string[], where = '') {
  for (const k of Object.keys(b))
    if (!allowed.includes(k))
      throw bad(where + k, b[k], `[${where}${k}] is not a valid field; allowed: ${allowed.join(', ')}`);
}

function optionalString(b: Body, field: string, max: number, where = ''): string | null {
  const v = b[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.length < 1 || v.length > max)
    throw bad(where + field, v, `${where}${field} must be a string of 1 to ${max} characters`);
  return v;
}

function eventType(v: unknown): string {
  if (typeof v !== 'string' || !v) throw bad('event_type', v, 'event_type is required');
  const replacement = replacementOf(v);
  if (replacement)
    throw bad(
      'event_type',
      v,
      `The event type ${v} was replaced by ${replacement}; use the dot-separated lowercase name.`,
    );
  if (!kindOf(v)) throw bad('event_type', v, `Unknown event_type ${v}.`);
  return v;
}

type Filter = { user_id: string | null; keyword: string | null; direction: string | null };

async function parseFilter(deps: Deps, type: string, v: unknown): Promise<Filter> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw bad('filter', v, 'filter is required and must be an object');
  const f = v as Body;
  only(f, ['user_id', 'keyword', 'direction'], 'filter.');
  const userId = f.user_id === undefined ? null : f.user_id;
  if (userId !== null && (typeof userId !== 'string' || !ID.test(userId)))
    throw bad('filter.user_id', userId, 'filter.user_id must match ^[0-9]{1,19}$');
  const direction = f.direction ?? null;
  if (direction !== null && !DIRECTIONS.includes(direction as never))
    throw bad('filter.direction', direction, `filter.direction must be one of ${DIRECTIONS.join(', ')}`);
  const kind = kindOf(type)!;
  if (direction !== null && !kind.directional)
    throw bad(
      'filter.direction',
      direction,
      `filter.direction applies only to directional events (DMs, chats, likes, follows), not ${type}`,
    );
  const keyword = optionalString(f, 'keyword', 150, 'filter.');
  if (kind.needsUser && userId === null) throw bad('filter.user_id', '', `filter.user_id is required for ${type}`);
  if (!kind.needsUser && keyword === null) throw bad('filter.keyword', '', `filter.keyword is required for ${type}`);
  if (userId !== null && !(await findUserById(deps, userId)))
    throw bad('filter.user_id', userId, `Could not find user with filter.user_id: [${userId}].`);
  return { user_id: userId as string | null, keyword, direction: direction as string | null };
}

/** Private kinds: only the filtered user may consent, through a user-context token with the kind's scope. */
function checkConsent(caller: Caller, type: string, userId: string | null) {
  const scope = kindOf(type)!.private;
  if (!scope) return;
  const self = caller.kind !== 'app' && caller.userId === userId;
  if (!self) {
    throw problems.forbidden(
      `${type} events are private: subscribing needs the consent of user ${userId}, given by authenticating as that user (OAuth 2.0 user context with the ${scope} scope).`,
    );
  }
  if (caller.kind === 'oauth2-user' && !caller.scopes.includes(scope))
    throw problems.forbidden(`Missing required OAuth 2.0 scopes: ${scope}.`);
}

export async function createSubscription(
  deps: Deps,
  caller: Caller,
  b: Body,
): Promise<{ row: SubscriptionRow; total: number }> {
  only(b, ['event_type', 'filter', 'tag', 'webhook_id']);
  const type = eventType(b.event_type);
  const filter = await parseFilter(deps, type, b.filter);
  const tag = optionalString(b, 'tag', 200);
  const webhookId =
    b.webhook_id === undefined || b.webhook_id === null
      ? null
      : (await requireWebhook(deps, caller.app.id, String(b.webhook_id))).id;
  checkConsent(caller, type, filter.user_id);
  const limit = LIMITS[caller.app.tier] ?? 1500;
  if ((await activityRepo.countByApp(deps.db, caller.app.id)) >= limit) {
    throw bad(
      'event_type',
      type,
      `SubscriptionLimitExceeded: the ${caller.app.tier} tier allows ${limit} subscriptions`,
    );
  }
  const now = deps.clock.now();
  const row: SubscriptionRow = {
    id: deps.ids.next(),
    app_id: caller.app.id,
    event_type: type,
    ...filter,
    tag,
    webhook_id: webhookId,
    created_at: now,
    updated_at: now,
  };
  await activityRepo.insert(deps.db, row);
  return { row, total: await activityRepo.countByApp(deps.db, caller.app.id) };
}

const PAGE = 'activity-subscriptions:';
export const pageToken = (id: string) => Buffer.from(PAGE + id).toString('base64url');

export async function listSubscriptions(deps: Deps, appId: string, max: number, token: string | null) {
  let after: string | null = null;
  if (token !== null) {
    const decoded = Buffer.from(token, 'base64url').toString('utf8');
    if (!decoded.startsWith(PAGE))
      throw bad('pagination_token', token, `The \`pagination_token\` query parameter value [${token}] is not valid`);
    after = decoded.slice(PAGE.length);
  }
  const rows = await activityRepo.page(deps.db, appId, after, max + 1);
  return { rows: rows.slice(0, max), next: rows.length > max ? pageToken(rows[max - 1]!.id) : null };
}

async function ownSubscription(deps: Deps, appId: string, id: string): Promise<SubscriptionRow> {
  const row = ID.test(id) ? await activityRepo.byId(deps.db, id) : undefined;
  if (!row || row.app_id !== appId)
    throw bad('subscription_id', id, `Could not find subscription with subscription_id: [${id}].`);
  return row;
}

/** Only tag and webhook change; a new filter or event type is delete + create (notes §6.1). */
export async function updateSubscription(deps: Deps, appId: string, id: string, b: Body) {
  only(b, ['tag', 'webhook_id']);
  const row = await ownSubscription(deps, appId, id);
  const tag = 'tag' in b ? optionalString(b, 'tag', 200) : row.tag;
  const webhookId = !('webhook_id' in b)
    ? row.webhook_id
    : b.webhook_id === null
      ? null
      : (await requireWebhook(deps, appId, String(b.webhook_id))).id;
  const now = deps.clock.now();
  await activityRepo.update(deps.db, id, tag, webhookId, now);
  return {
    row: { ...row, tag, webhook_id: webhookId, updated_at: now },
    total: await activityRepo.countByApp(deps.db, appId),
  };
}

export async function deleteSubscriptions(deps: Deps, appId: string, ids: string[]): Promise<{ total: number }> {
  for (const id of ids) await ownSubscription(deps, appId, id);
  await activityRepo.remove(deps.db, ids);
  return { total: await activityRepo.countByApp(deps.db, appId) };
}

/**
 * A webhook is being deleted (in `tx`; app.ts hands this to the webhooks module): its subscriptions
 * keep feeding the app's activity stream, without the webhook.
 */
export const detachDeletedWebhook = (tx: Queryable, webhookId: string) => activityRepo.detachWebhook(tx, webhookId);
