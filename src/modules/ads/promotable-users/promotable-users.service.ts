// Promotable users: the users whose posts an account may promote (notes §7). The account's owner is
// its FULL promotable user from creation; the control API grants others (accounts.admin.ts).
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './promotable-users.repo.js';
import type { PromotableUserRow } from './promotable-users.repo.js';
import { promotableUserView } from './promotable-users.view.js';

export async function listPromotableUsers(
  deps: Deps,
  account: AdsAccount,
  p: { promotable_user_ids?: string[] },
  q: ListQuery,
) {
  const { rows, total } = await repo.listPromotableUsers(deps.db, account.id, p.promotable_user_ids, q);
  const sortValue = (r: PromotableUserRow) => r[q.sort.attr as keyof PromotableUserRow] as number;
  return pageOf(rows, q, sortValue, promotableUserView, total);
}

export async function getPromotableUser(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.promotableUserById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw notFound('Promotable User', id, account.id, 'promotable_user_id');
  return promotableUserView(row);
}

/** Whether the user is a promotable user of the account (not deleted). */
export async function isPromotableUser(db: Queryable, accountId: string, userId: string): Promise<boolean> {
  const row = await repo.promotableUserOf(db, accountId, userId);
  return Boolean(row && !row.deleted);
}
