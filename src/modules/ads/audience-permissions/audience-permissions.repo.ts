// Every write of audience permissions (ads_custom_audience_permissions, migration 0022); custom
// audiences read the table to know what is shared with an account.
import { marks, type Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type PermissionRow = {
  id: string;
  custom_audience_id: string;
  /** The owner account, which grants. */
  account_id: string;
  granted_account_id: string;
  permission_level: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

export type PermissionFilter = { audienceId: string; grantedAccountIds?: string[]; ids?: string[] };

function listSql(f: PermissionFilter): ListSql {
  const where = ['custom_audience_id = ?'];
  const args: unknown[] = [f.audienceId];
  for (const [column, values] of [
    ['granted_account_id', f.grantedAccountIds],
    ['id', f.ids],
  ] as const)
    if (values) {
      where.push(`${column} IN (${marks(values.length)})`);
      args.push(...values);
    }
  return { select: 'SELECT * FROM ads_custom_audience_permissions', where, args, sortExpr: SORT };
}

export async function listPermissions(db: Queryable, f: PermissionFilter, q: ListQuery) {
  return listRows<PermissionRow>(db, listSql(f), q);
}

export async function permissionById(db: Queryable, audienceId: string, id: string) {
  return db.get<PermissionRow>(
    'SELECT * FROM ads_custom_audience_permissions WHERE custom_audience_id = ? AND id = ?',
    [audienceId, id],
  );
}

export async function liveGrant(db: Queryable, audienceId: string, grantedAccountId: string) {
  return db.get<PermissionRow>(
    'SELECT * FROM ads_custom_audience_permissions WHERE custom_audience_id = ? AND granted_account_id = ? AND deleted = 0',
    [audienceId, grantedAccountId],
  );
}

export async function insertPermission(db: Queryable, row: PermissionRow): Promise<void> {
  await insertObject(db, 'ads_custom_audience_permissions', row);
}

export async function updatePermission(
  db: Queryable,
  id: string,
  fields: Partial<Pick<PermissionRow, 'permission_level' | 'deleted' | 'updated_at'>>,
): Promise<void> {
  const cols = Object.keys(fields);
  await db.run(`UPDATE ads_custom_audience_permissions SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [
    ...(Object.values(fields) as never[]),
    id,
  ]);
}
