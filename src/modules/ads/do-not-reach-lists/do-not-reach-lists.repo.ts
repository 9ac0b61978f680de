// Every SQL statement of do-not-reach lists (ads_do_not_reach_lists) and their members
// (ads_do_not_reach_members), migration 0023.
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type DnrListRow = {
  id: string;
  account_id: string;
  description: string | null;
  created_at: number;
  updated_at: number;
  changed_at: number;
  deleted: number;
};

export type MemberRow = { ukey: string; member_id: string; expires_at: number };

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted' };

export async function listLists(db: Queryable, accountId: string, q: ListQuery) {
  const s: ListSql = {
    select: 'SELECT * FROM ads_do_not_reach_lists',
    where: ['account_id = ?'],
    args: [accountId],
    sortExpr: SORT,
  };
  return listRows<DnrListRow>(db, s, q);
}

export async function listById(db: Queryable, accountId: string, id: string): Promise<DnrListRow | undefined> {
  return db.get<DnrListRow>('SELECT * FROM ads_do_not_reach_lists WHERE account_id = ? AND id = ?', [accountId, id]);
}

export async function liveListOf(db: Queryable, accountId: string): Promise<DnrListRow | undefined> {
  return db.get<DnrListRow>('SELECT * FROM ads_do_not_reach_lists WHERE account_id = ? AND deleted = 0', [accountId]);
}

export async function insertList(db: Queryable, row: DnrListRow): Promise<void> {
  await insertObject(db, 'ads_do_not_reach_lists', row);
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_do_not_reach_lists SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}

export async function markChanged(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_do_not_reach_lists SET updated_at = ?, changed_at = ? WHERE id = ?', [at, at, id]);
}

/** Members still live at `now` (not expired), counted once per member, for each list given. */
export async function liveSizes(db: Queryable, listIds: string[], now: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (listIds.length === 0) return out;
  const rows = await db.all<{ list_id: string; n: number }>(
    `SELECT list_id, COUNT(DISTINCT member_id) AS n FROM ads_do_not_reach_members
     WHERE list_id IN (${listIds.map(() => '?').join(', ')}) AND expires_at > ? GROUP BY list_id`,
    [...listIds, now],
  );
  for (const r of rows) out.set(r.list_id, Number(r.n));
  return out;
}

const CHUNK = 300;

/** The member rows holding any of `ukeys`. */
export async function membersByKeys(db: Queryable, listId: string, ukeys: string[]): Promise<MemberRow[]> {
  const out: MemberRow[] = [];
  for (let i = 0; i < ukeys.length; i += CHUNK) {
    const part = ukeys.slice(i, i + CHUNK);
    out.push(
      ...(await db.all<MemberRow>(
        `SELECT ukey, member_id, expires_at FROM ads_do_not_reach_members
         WHERE list_id = ? AND ukey IN (${part.map(() => '?').join(', ')})`,
        [listId, ...part],
      )),
    );
  }
  return out;
}

/** Files each identifier under its member with the expiry given (an identifier seen before moves). */
export async function putMembers(
  db: Queryable,
  listId: string,
  rows: { ukey: string; member_id: string }[],
  expiresAt: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await db.run(
      `INSERT INTO ads_do_not_reach_members (list_id, ukey, member_id, expires_at)
       VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (list_id, ukey) DO UPDATE SET member_id = excluded.member_id, expires_at = excluded.expires_at`,
      part.flatMap((r) => [listId, r.ukey, r.member_id, expiresAt]),
    );
  }
}

/** Moves every identifier of the given members to one member and expiry (a user seen again). */
export async function mergeMembers(
  db: Queryable,
  listId: string,
  from: string[],
  into: string,
  expiresAt: number,
): Promise<void> {
  for (let i = 0; i < from.length; i += CHUNK) {
    const part = from.slice(i, i + CHUNK);
    await db.run(
      `UPDATE ads_do_not_reach_members SET member_id = ?, expires_at = ?
       WHERE list_id = ? AND member_id IN (${part.map(() => '?').join(', ')})`,
      [into, expiresAt, listId, ...part],
    );
  }
}

/** Removes the members, every identifier of each. */
export async function dropMembers(db: Queryable, listId: string, memberIds: string[]): Promise<void> {
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const part = memberIds.slice(i, i + CHUNK);
    await db.run(
      `DELETE FROM ads_do_not_reach_members WHERE list_id = ? AND member_id IN (${part.map(() => '?').join(', ')})`,
      [listId, ...part],
    );
  }
}
