// Every SQL statement of ads accounts, their users and their features.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import type { AdsAccountRow } from '../kit/account.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

const SORT = {
  created_at: 'a.created_at',
  updated_at: 'a.updated_at',
  deleted: 'a.deleted',
  name: 'a.name',
};

export type AccountFilter = { userId: string; accountIds?: string[]; q?: string };

function listSql(f: AccountFilter): ListSql {
  const where = ['u.user_id = ?'];
  const args: unknown[] = [f.userId];
  if (f.accountIds) {
    where.push(`a.id IN (${f.accountIds.map(() => '?').join(',')})`);
    args.push(...f.accountIds);
  }
  if (f.q !== undefined) {
    // Name prefix, case-insensitive (seed); LIKE's wildcards in the query are taken literally.
    where.push("LOWER(a.name) LIKE ? ESCAPE '\\'");
    args.push(f.q.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%');
  }
  return {
    select: 'SELECT a.* FROM ads_accounts a JOIN ads_account_users u ON u.account_id = a.id',
    where,
    args,
    sortExpr: SORT,
    deletedColumn: 'a.deleted',
    idColumn: 'a.id',
  };
}

export async function listAccounts(db: Queryable, f: AccountFilter, q: ListQuery) {
  return listRows<AdsAccountRow>(db, listSql(f), q);
}

export async function insertAccount(db: Queryable, a: AdsAccountRow): Promise<void> {
  await insertObject(db, 'ads_accounts', a);
}

export async function grantAccess(db: Queryable, accountId: string, userId: string, permissions: string[], at: number) {
  await db.run(
    `INSERT INTO ads_account_users (account_id, user_id, permissions, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, user_id) DO UPDATE SET permissions = excluded.permissions`,
    [accountId, userId, JSON.stringify(permissions), at],
  );
}

export async function updateAccount(
  db: Queryable,
  id: string,
  fields: { name?: string; industry_type?: string; deleted?: number; history_allowed?: number },
  at: number,
): Promise<void> {
  const sets = Object.keys(fields).map((k) => `${k} = ?`);
  await db.run(`UPDATE ads_accounts SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE id = ?`, [
    ...(Object.values(fields) as never[]),
    at,
    id,
  ]);
}

export async function featuresOf(db: Queryable, accountId: string): Promise<string[]> {
  const rows = await db.all<{ feature_key: string }>(
    'SELECT feature_key FROM ads_account_features WHERE account_id = ? ORDER BY feature_key',
    [accountId],
  );
  return rows.map((r) => r.feature_key);
}

/**
 * Whether the account has the feature (PROMOTED_MEDIA_POLLS for poll cards, notes §9.5;
 * SHARE_AUDIENCE_OUTSIDE_BUSINESS for audience sharing, seed "Audiences"). */
export async function hasFeature(db: Queryable, accountId: string, key: string): Promise<boolean> {
  const row = await db.get<{ n: number }>(
    'SELECT 1 AS n FROM ads_account_features WHERE account_id = ? AND feature_key = ?',
    [accountId, key],
  );
  return row !== undefined;
}

export async function addFeatures(db: Queryable, accountId: string, keys: string[]): Promise<void> {
  for (const k of keys)
    await db.run(
      'INSERT INTO ads_account_features (account_id, feature_key) VALUES (?, ?) ON CONFLICT (account_id, feature_key) DO NOTHING',
      [accountId, k],
    );
}

export async function removeFeatures(db: Queryable, accountId: string, keys: string[]): Promise<void> {
  for (const k of keys)
    await db.run('DELETE FROM ads_account_features WHERE account_id = ? AND feature_key = ?', [accountId, k]);
}

export async function insertPromotableUser(
  db: Queryable,
  row: { id: string; account_id: string; user_id: string; promotable_user_type: string; at: number },
): Promise<void> {
  await db.run(
    `INSERT INTO ads_promotable_users (id, account_id, user_id, promotable_user_type, created_at, updated_at, deleted)
     VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT (account_id, user_id) DO UPDATE SET promotable_user_type = excluded.promotable_user_type, deleted = 0`,
    [row.id, row.account_id, row.user_id, row.promotable_user_type, row.at, row.at],
  );
}
