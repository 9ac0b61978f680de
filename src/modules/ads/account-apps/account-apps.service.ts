// Account apps: the mobile apps an account tracks conversions for (seed, "Account app"). The Ads API
// only lists them; they are registered through Aviary's control API (account-apps.admin.ts).
import type { Deps } from '../../../deps.js';
import type { AdsAccount } from '../kit/account.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './account-apps.repo.js';
import type { AccountAppRow } from './account-apps.repo.js';
import { accountAppView } from './account-apps.view.js';

export const OS_TYPES = ['ANDROID', 'IOS'] as const;

export async function listAccountApps(deps: Deps, account: AdsAccount, q: ListQuery) {
  const { rows, total } = await repo.listAccountApps(deps.db, account.id, q);
  const sortValue = (r: AccountAppRow) => r[q.sort.attr as keyof AccountAppRow] as number;
  return pageOf(rows, q, sortValue, accountAppView, total);
}

export type NewAccountApp = {
  app_store_identifier: string;
  os_type: (typeof OS_TYPES)[number];
  conversion_tracking_enabled?: boolean;
  deep_link_pattern?: string;
};

export async function addAccountApp(deps: Deps, accountId: string, a: NewAccountApp) {
  const now = deps.clock.now();
  const row: AccountAppRow = {
    id: newId36(deps.ids),
    account_id: accountId,
    app_store_identifier: a.app_store_identifier,
    os_type: a.os_type,
    conversion_tracking_enabled: a.conversion_tracking_enabled === false ? 0 : 1,
    deep_link_pattern: a.deep_link_pattern ?? null,
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await deps.db.tx((tx) => repo.insertAccountApp(tx, row));
  return accountAppView(row);
}
