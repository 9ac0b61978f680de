// Every SQL statement of account media (ads_account_media).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type AccountMediaRow = {
  id: string;
  account_id: string;
  creative_type: string;
  /** The media the creative shows (a video's key is also its `video_id`). */
  media_key: string;
  video_id: string | null;
  media_url: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };
const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');

export type AccountMediaFilter = { accountId: string; ids?: string[]; creativeTypes?: string[] };

function listSql(f: AccountMediaFilter): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.ids) {
    where.push(`id IN (${marks(f.ids)})`);
    args.push(...f.ids);
  }
  if (f.creativeTypes) {
    where.push(`creative_type IN (${marks(f.creativeTypes)})`);
    args.push(...f.creativeTypes);
  }
  return { select: 'SELECT * FROM ads_account_media', where, args, sortExpr: SORT };
}

export async function listAccountMedia(db: Queryable, f: AccountMediaFilter, q: ListQuery) {
  return listRows<AccountMediaRow>(db, listSql(f), q);
}

export async function accountMediaById(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<AccountMediaRow | undefined> {
  return db.get<AccountMediaRow>('SELECT * FROM ads_account_media WHERE account_id = ? AND id = ?', [accountId, id]);
}

/** The account's live account media of this creative type showing this media, if any. */
export async function accountMediaFor(
  db: Queryable,
  accountId: string,
  mediaKey: string,
  creativeType: string,
): Promise<AccountMediaRow | undefined> {
  return db.get<AccountMediaRow>(
    'SELECT * FROM ads_account_media WHERE account_id = ? AND media_key = ? AND creative_type = ? AND deleted = 0',
    [accountId, mediaKey, creativeType],
  );
}

export async function insertAccountMedia(db: Queryable, row: AccountMediaRow): Promise<void> {
  await insertObject(db, 'ads_account_media', row);
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_account_media SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}
