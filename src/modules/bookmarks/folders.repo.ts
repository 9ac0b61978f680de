// Every SQL statement for bookmark folders: the folders a user made and the posts filed in them.
import type { Queryable } from '../../store/index.js';

export type FolderRow = { id: string; user_id: string; name: string; created_at: number };

export const foldersRepo = {
  async insert(db: Queryable, f: FolderRow, posts: { post_id: string; id: string }[]): Promise<void> {
    await db.run('INSERT INTO bookmark_folders (id, user_id, name, created_at) VALUES (?, ?, ?, ?)', [
      f.id,
      f.user_id,
      f.name,
      f.created_at,
    ]);
    for (const p of posts) {
      await db.run(
        'INSERT INTO bookmark_folder_posts (folder_id, post_id, id) VALUES (?, ?, ?) ON CONFLICT (folder_id, post_id) DO NOTHING',
        [f.id, p.post_id, p.id],
      );
    }
  },
  byId: (db: Queryable, id: string) =>
    db.get<FolderRow>('SELECT id, user_id, name, created_at FROM bookmark_folders WHERE id = ?', [id]),
  /** One page of a user's folders, newest first; `after` continues below a cursor, `before` goes back above one. */
  async page(db: Queryable, userId: string, o: { limit: number; after?: string; before?: string }) {
    if (o.before !== undefined) {
      const rows = await db.all<FolderRow>(
        'SELECT id, user_id, name, created_at FROM bookmark_folders WHERE user_id = ? AND id > ? ORDER BY id ASC LIMIT ?',
        [userId, o.before, o.limit + 1],
      );
      return { rows: rows.slice(0, o.limit).reverse(), more: true, earlier: rows.length > o.limit };
    }
    const rows = await db.all<FolderRow>(
      `SELECT id, user_id, name, created_at FROM bookmark_folders WHERE user_id = ?${o.after === undefined ? '' : ' AND id < ?'} ORDER BY id DESC LIMIT ?`,
      o.after === undefined ? [userId, o.limit + 1] : [userId, o.after, o.limit + 1],
    );
    return { rows: rows.slice(0, o.limit), more: rows.length > o.limit, earlier: o.after !== undefined };
  },
  /** The folder's posts that the owner still has bookmarked, most recently filed first. */
  async posts(db: Queryable, folder: FolderRow): Promise<string[]> {
    const rows = await db.all<{ post_id: string }>(
      `SELECT fp.post_id FROM bookmark_folder_posts fp
       JOIN bookmarks b ON b.source_id = ? AND b.target_id = fp.post_id
       WHERE fp.folder_id = ? ORDER BY fp.id DESC`,
      [folder.user_id, folder.id],
    );
    return rows.map((r) => r.post_id);
  },
};
