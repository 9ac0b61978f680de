// Every SQL statement of promotable users that this resource makes (rows are written by account
// creation and the control API's grants, in accounts.repo.ts).
import type { Queryable } from '../../../store/index.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type PromotableUserRow = {
  id: string;
  account_id: string;
  user_id: string;
  promotable_user_type: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

function listSql(accountId: string, ids?: string[]): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [accountId];
  if (ids) {
    where.push(`id IN (${ids.map(() => '?').join(', ')})`);
    args.push(...ids);
  }
  return { select: 'SELECT * FROM ads_promotable_users', where, args, sortExpr: SORT };
}

export async function listPromotableUsers(db: Queryable, accountId: string, ids: string[] | undefined, q: ListQuery) {
  return listRows<PromotableUserRow>(db, listSql(accountId, ids), q);
}

export async function promotableUserById(db: Queryable, accountId: string, id: string) {
  return db.get<PromotableUserRow>('SELECT * FROM ads_promotable_users WHERE account_id = ? AND id = ?', [
    accountId,
    id,
  ]);
}

export async function promotableUserOf(db: Queryable, accountId: string, userId: string) {
  return db.get<PromotableUserRow>('SELECT * FROM ads_promotable_users WHERE account_id = ? AND user_id = ?', [
    accountId,
    userId,
  ]);
}
