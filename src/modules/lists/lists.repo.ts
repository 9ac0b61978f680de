// Every SQL statement for the lists table (members, followers and pins are edge tables).
import { marks, type Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type ListRow = {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  private: number;
  created_at: number;
  member_count: number;
  follower_count: number;
};
const COLUMNS = [
  'id',
  'owner_id',
  'name',
  'description',
  'private',
  'created_at',
  'member_count',
  'follower_count',
] as const satisfies readonly (keyof ListRow)[];
export type ListCounter = 'member_count' | 'follower_count';

export const listsRepo = {
  insert: (db: Queryable, l: ListRow) => insertRow(db, 'lists', COLUMNS, l),
  byId: (db: Queryable, id: string) => db.get<ListRow>('SELECT * FROM lists WHERE id = ?', [id]),
  byIds: (db: Queryable, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<ListRow>(`SELECT * FROM lists WHERE id IN (${marks(ids.length)})`, [...ids]),
  async update(db: Queryable, id: string, f: { name?: string; description?: string; private?: number }): Promise<void> {
    const keys = (Object.keys(f) as (keyof typeof f)[]).filter((k) => f[k] !== undefined);
    if (keys.length)
      await db.run(`UPDATE lists SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
        ...keys.map((k) => f[k]!),
        id,
      ]);
  },
  async remove(db: Queryable, id: string): Promise<void> {
    await db.run('DELETE FROM lists WHERE id = ?', [id]);
  },
  async bump(db: Queryable, id: string, counter: ListCounter, delta: number): Promise<void> {
    await db.run(`UPDATE lists SET ${counter} = ${counter} + ? WHERE id = ?`, [delta, id]);
  },
  /** A page of the lists a user owns, newest first, by list id. */
  owned: (db: Queryable, ownerId: string, limit: number, after?: string) =>
    db.all<ListRow>(
      after
        ? 'SELECT * FROM lists WHERE owner_id = ? AND id < ? ORDER BY id DESC LIMIT ?'
        : 'SELECT * FROM lists WHERE owner_id = ? ORDER BY id DESC LIMIT ?',
      after ? [ownerId, after, limit + 1] : [ownerId, limit + 1],
    ),
};
