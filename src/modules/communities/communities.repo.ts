// Every SQL statement for communities and their members.
import type { Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type CommunityRow = {
  id: string;
  name: string;
  name_lower: string;
  description: string;
  access: string;
  join_policy: string;
  creator_id: string;
  member_count: number;
  created_at: number;
};
const COLUMNS = [
  'id',
  'name',
  'name_lower',
  'description',
  'access',
  'join_policy',
  'creator_id',
  'member_count',
  'created_at',
] as const satisfies readonly (keyof CommunityRow)[];

/** A LIKE pattern holding `w`, its wildcards taken literally. */
const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const communitiesRepo = {
  insert: (db: Queryable, c: CommunityRow) => insertRow(db, 'communities', COLUMNS, c),
  byId: (db: Queryable, id: string) => db.get<CommunityRow>('SELECT * FROM communities WHERE id = ?', [id]),
  /**
   * A page of the communities whose name or description holds every word of the query (lower case),
   * newest first by id, one row more than asked.
   */
  search(db: Queryable, words: string[], limit: number, afterId?: string): Promise<CommunityRow[]> {
    const where = words.map(() => "(name_lower LIKE ? ESCAPE '\\' OR LOWER(description) LIKE ? ESCAPE '\\')");
    const params: (string | number)[] = words.flatMap((w) => [like(w), like(w)]);
    if (afterId) {
      where.push('id < ?');
      params.push(afterId);
    }
    params.push(limit + 1);
    const sql = `SELECT * FROM communities${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    return db.all<CommunityRow>(sql, params);
  },
  member: (db: Queryable, communityId: string, userId: string) =>
    db.get<{ role: string }>('SELECT role FROM community_members WHERE community_id = ? AND user_id = ?', [
      communityId,
      userId,
    ]),
  /** Adds a member; false when they already were one. */
  async addMember(db: Queryable, communityId: string, userId: string, role: string, at: number): Promise<boolean> {
    const r = await db.run(
      `INSERT INTO community_members (community_id, user_id, role, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (community_id, user_id) DO NOTHING`,
      [communityId, userId, role, at],
    );
    if (r.changes === 1)
      await db.run('UPDATE communities SET member_count = member_count + 1 WHERE id = ?', [communityId]);
    return r.changes === 1;
  },
  async removeMember(db: Queryable, communityId: string, userId: string): Promise<boolean> {
    const r = await db.run('DELETE FROM community_members WHERE community_id = ? AND user_id = ?', [
      communityId,
      userId,
    ]);
    if (r.changes === 1)
      await db.run('UPDATE communities SET member_count = member_count - 1 WHERE id = ?', [communityId]);
    return r.changes === 1;
  },
};
