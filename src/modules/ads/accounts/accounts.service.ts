// Ads accounts: listing the caller's, sandbox creation and deletion, renaming; who may use them
// (roles), and features. Accounts of production are made through the control API (the real API
// cannot make them); sandbox accounts through POST accounts (notes §6).
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { accountRow, ROLES, type AdsAccount, type AdsAccountRow, type Role } from '../kit/account.js';
import { invalid } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './accounts.repo.js';
import { accountView } from './accounts.view.js';

export const INDUSTRY_TYPES = [
  'AGENCY',
  'BUSINESS_TO_BUSINESS',
  'ONLINE_SERVICES',
  'EDUCATION',
  'FINANCIAL',
  'HEALTH',
  'GOVERNMENT',
  'MEDIA',
  'MOBILE',
  'RESTAURANT',
  'RETAIL',
  'TECHNOLOGY',
  'TRAVEL',
  'OTHER',
] as const;

/** The keys sandbox accounts may add or remove (notes §6). */
export const SANDBOX_FEATURE_KEYS = [
  'AGE_TARGETING',
  'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
  'AWARENESS_OBJECTIVE',
  'BRAND_TPN',
  'CHARGE_FOR_GOOD_CLICK',
  'CONVERSATION_CARD',
  'CONVERSATION_CARD_FOUR_OPTIONS',
  'CONVERSATION_CARD_UNLOCK',
  'CPI_CHARGING',
  'DIRECT_MESSAGE_CARD',
  'DR_TAP',
  'ENGAGER_RETARGETING',
  'EVENT_TARGETING',
  'INSTALLED_APP_CATEGORY_TARGETING',
  'MOBILE_CONVERSION_TRANSACTION_VALUE',
  'OPTIMIZED_ACTION_BIDDING',
  'REACH_AND_FREQUENCY_ANALYTICS',
  'REACH_FREQUENCY_CAP',
  'VALIDATED_AGE_TARGETING',
  'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
  'PREROLL_VIEWS_OBJECTIVE',
  'VIDEO_APP_DOWNLOAD_CARD',
] as const;

/** Keys the control API may also grant: those of the GET example (notes §7) and the betas Aviary checks. */
export const FEATURE_KEYS = [
  ...SANDBOX_FEATURE_KEYS,
  'CITY_TARGETING',
  'PROMOTED_MEDIA_POLLS',
  'UNIVERSAL_LOOKALIKE',
  'WEBSITE_CLICKS_CPM_BILLING',
  'SHARE_AUDIENCE_OUTSIDE_BUSINESS',
] as const;

export async function listAccounts(
  deps: Deps,
  userId: string,
  f: { account_ids?: string[]; q?: string },
  q: ListQuery,
) {
  const { rows, total } = await repo.listAccounts(deps.db, { userId, accountIds: f.account_ids, q: f.q }, q);
  const sortValue = (r: AdsAccountRow) => r[q.sort.attr as keyof AdsAccountRow] as string | number;
  return pageOf(rows, q, sortValue, accountView, total);
}

export type NewAccount = {
  ownerUserId: string;
  name: string;
  sandbox: boolean;
  businessId?: string | null;
  businessName?: string | null;
  timezone?: string;
  currency?: string;
};

/** Makes an account owned by its user, who has every role and is its FULL promotable user (notes §7). */
export async function createAccount(deps: Deps, tx: Queryable, a: NewAccount): Promise<AdsAccountRow> {
  const now = deps.clock.now();
  const row: AdsAccountRow = {
    id: newId36(deps.ids),
    owner_user_id: a.ownerUserId,
    name: a.name,
    business_id: a.businessId ?? null,
    business_name: a.businessName ?? null,
    timezone: a.timezone ?? 'America/Los_Angeles',
    timezone_switch_at: null,
    currency: a.currency ?? 'USD',
    industry_type: null,
    approval_status: 'ACCEPTED',
    sandbox: a.sandbox ? 1 : 0,
    // Sandbox accounts have every beta feature, account history included (issue #17).
    history_allowed: a.sandbox ? 1 : 0,
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await repo.insertAccount(tx, row);
  await repo.grantAccess(tx, row.id, a.ownerUserId, [...ROLES], now);
  await repo.insertPromotableUser(tx, {
    id: newId36(deps.ids),
    account_id: row.id,
    user_id: a.ownerUserId,
    promotable_user_type: 'FULL',
    at: now,
  });
  return row;
}

export async function createSandboxAccount(deps: Deps, userId: string) {
  const row = await deps.db.tx((tx) =>
    createAccount(deps, tx, { ownerUserId: userId, name: 'Sandbox account', sandbox: true }),
  );
  return accountView(row);
}

export async function updateAccount(deps: Deps, account: AdsAccount, p: { name?: string; industry_type?: string }) {
  if (p.name !== undefined && p.name.trim() === '') throw invalid('name', 'Expected a non-empty name for name');
  await repo.updateAccount(deps.db, account.id, p, deps.clock.now());
  return accountView((await accountRow(deps.db, account.id))!);
}

export async function deleteSandboxAccount(deps: Deps, account: AdsAccount) {
  if (account.deleted) throw invalid('account_id', `Account ${account.id} is already deleted`);
  await repo.updateAccount(deps.db, account.id, { deleted: 1 }, deps.clock.now());
  return accountView((await accountRow(deps.db, account.id))!);
}

/** The caller's roles on the account (notes §2, authenticated_user_access). */
export function userAccess(account: AdsAccount, userId: string) {
  return { user_id: userId, permissions: account.permissions };
}

export async function features(deps: Deps, account: AdsAccount, only?: string[]) {
  const keys = await repo.featuresOf(deps.db, account.id);
  return only ? keys.filter((k) => only.includes(k)) : keys;
}

export async function changeFeatures(deps: Deps, account: AdsAccount, keys: string[], add: boolean) {
  await deps.db.tx((tx) => (add ? repo.addFeatures(tx, account.id, keys) : repo.removeFeatures(tx, account.id, keys)));
  return repo.featuresOf(deps.db, account.id);
}

export type { Role };
