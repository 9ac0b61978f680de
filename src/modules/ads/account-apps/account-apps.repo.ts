// Every SQL statement of account apps.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type AccountAppRow = {
  id: string;
  account_id: string;
  app_store_identifier: string;
  os_type: string;
  conversion_tracking_enabled: number;
  deep_link_pattern: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

export async function listAccountApps(db: Queryable, accountId: string, q: ListQuery) {
  const s: ListSql = {
    select: 'SELECT * FROM ads_account_apps',
    where: ['account_id = ?'],
    args: [accountId],
    sortExpr: SORT,
  };
  return listRows<AccountAppRow>(db, s, q);
}

export async function insertAccountApp(db: Queryable, row: AccountAppRow): Promise<void> {
  await insertObject(db, 'ads_account_apps', row);
}
