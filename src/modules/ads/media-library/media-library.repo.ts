// Every SQL statement of the media library (ads_media_library).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type LibraryRow = {
  id: string;
  account_id: string;
  media_key: string;
  /** The upload's id in the `media` table. */
  media_id: string;
  media_type: 'IMAGE' | 'VIDEO' | 'GIF';
  media_category: string;
  media_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  aspect_ratio: string | null;
  name: string | null;
  file_name: string | null;
  title: string | null;
  description: string | null;
  poster_media_key: string | null;
  poster_media_url: string | null;
  tweeted: number;
  created_at: number;
  updated_at: number;
  deleted: number;
};

/** The fields PUT may change (and POST may set). */
export type LibraryEdit = Partial<
  Pick<LibraryRow, 'name' | 'file_name' | 'title' | 'description' | 'poster_media_key' | 'poster_media_url'>
>;

const marks = (xs: unknown[]) => xs.map(() => '?').join(', ');
const FIELDS = ['name', 'title', 'file_name', 'description'] as const;

export type LibraryFilter = { accountId: string; mediaType?: string; q?: string };

/** `q` as a case-insensitive substring of any of the four texts; `%`, `_` and `\` match themselves. */
function listSql(f: LibraryFilter): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  if (f.mediaType) {
    where.push('media_type = ?');
    args.push(f.mediaType);
  }
  if (f.q !== undefined) {
    const pattern = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(${FIELDS.map((c) => `LOWER(COALESCE(${c}, '')) LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    args.push(...FIELDS.map(() => pattern));
  }
  return { select: 'SELECT * FROM ads_media_library', where, args, sortExpr: { created_at: 'created_at' } };
}

export async function listLibrary(db: Queryable, f: LibraryFilter, q: ListQuery) {
  return listRows<LibraryRow>(db, listSql(f), q);
}

/** The account's entry for this key that is not deleted (there is at most one). */
export async function libraryByKey(db: Queryable, accountId: string, key: string): Promise<LibraryRow | undefined> {
  return db.get<LibraryRow>('SELECT * FROM ads_media_library WHERE account_id = ? AND media_key = ? AND deleted = 0', [
    accountId,
    key,
  ]);
}

export async function libraryByKeys(db: Queryable, accountId: string, keys: string[]): Promise<LibraryRow[]> {
  if (keys.length === 0) return [];
  return db.all<LibraryRow>(
    `SELECT * FROM ads_media_library WHERE account_id = ? AND deleted = 0 AND media_key IN (${marks(keys)})`,
    [accountId, ...keys],
  );
}

export async function insertLibrary(db: Queryable, row: LibraryRow): Promise<void> {
  await insertObject(db, 'ads_media_library', row);
}

export async function updateLibrary(db: Queryable, id: string, edit: LibraryEdit, at: number): Promise<void> {
  const cols = Object.keys(edit) as (keyof LibraryEdit)[];
  await db.run(
    `UPDATE ads_media_library SET ${[...cols.map((c) => `${c} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ?`,
    [...cols.map((c) => edit[c] ?? null), at, id],
  );
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_media_library SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}

export async function markTweeted(db: Queryable, accountId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.run(
    `UPDATE ads_media_library SET tweeted = 1 WHERE account_id = ? AND deleted = 0 AND media_key IN (${marks(keys)})`,
    [accountId, ...keys],
  );
}
