// Every SQL statement that reads the account history (entries are written by kit/history.ts).
import type { Queryable } from '../../../store/index.js';
import { pageQuery, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type HistoryRow = {
  id: string;
  account_id: string;
  entity_type: string;
  entity_id: string;
  change_type: string;
  change_time: number;
  user_id: string;
  platform: string;
  /** JSON object */
  changes: string;
  /** JSON object */
  entity_data: string;
};

export type HistoryFilter = {
  accountId: string;
  entityType: string;
  entityId: string;
  start: number;
  end: number;
  userId?: string;
};

export async function listHistory(db: Queryable, f: HistoryFilter, q: ListQuery): Promise<HistoryRow[]> {
  const where = ['account_id = ?', 'entity_type = ?', 'entity_id = ?', 'change_time >= ?', 'change_time < ?'];
  const args: unknown[] = [f.accountId, f.entityType, f.entityId, f.start, f.end];
  if (f.userId !== undefined) {
    where.push('user_id = ?');
    args.push(f.userId);
  }
  const s: ListSql = {
    select: 'SELECT * FROM ads_history',
    where,
    args,
    sortExpr: { change_time: 'change_time' },
    deletedColumn: null,
  };
  const page = pageQuery(s, q);
  return db.all<HistoryRow>(page.sql, page.args as never);
}
