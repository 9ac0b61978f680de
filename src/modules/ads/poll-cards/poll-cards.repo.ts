// Every SQL statement of poll cards (ads_poll_cards, migration 0019).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { accountRows, listRows, type AccountRowsFilter, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type PollCardRow = {
  id: string;
  account_id: string;
  card_uri: string;
  name: string;
  card_type: string;
  duration_in_minutes: number;
  first_choice: string;
  second_choice: string;
  third_choice: string | null;
  fourth_choice: string | null;
  media_key: string | null;
  /** The wire's media fields, JSON (rules: resolvePollMedia). */
  media_fields: string;
  start_time: number;
  end_time: number;
  created_at: number;
  updated_at: number;
};

// Cards sort by created_at, updated_at, deleted, name (notes §4). Deletes are hard (DOCS), so every
// stored card is live and `deleted` sorts as the constant it is.
const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: '0', name: 'name' };

export type PollCardFilter = AccountRowsFilter;

function listSql(f: PollCardFilter): ListSql {
  return { select: 'SELECT * FROM ads_poll_cards', ...accountRows(f), sortExpr: SORT, deletedColumn: null };
}

export async function listPollCards(db: Queryable, f: PollCardFilter, q: ListQuery) {
  return listRows<PollCardRow>(db, listSql(f), q);
}

export async function pollCardById(db: Queryable, accountId: string, id: string): Promise<PollCardRow | undefined> {
  return db.get<PollCardRow>('SELECT * FROM ads_poll_cards WHERE account_id = ? AND id = ?', [accountId, id]);
}

export async function pollCardByUri(db: Queryable, accountId: string, uri: string): Promise<PollCardRow | undefined> {
  return db.get<PollCardRow>('SELECT * FROM ads_poll_cards WHERE account_id = ? AND card_uri = ?', [accountId, uri]);
}

export async function insertPollCard(db: Queryable, row: PollCardRow): Promise<void> {
  await insertObject(db, 'ads_poll_cards', row);
}

export async function deletePollCard(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_poll_cards WHERE id = ?', [id]);
}
