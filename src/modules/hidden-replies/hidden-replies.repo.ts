// Every SQL statement for hidden replies: one row per reply its conversation's author has hidden.
import type { Queryable } from '../../store/index.js';

export const hiddenRepliesRepo = {
  hide: (db: Queryable, postId: string, by: string, at: number) =>
    db.run(
      'INSERT INTO hidden_replies (post_id, hidden_by, hidden_at) VALUES (?, ?, ?) ON CONFLICT (post_id) DO UPDATE SET hidden_by = excluded.hidden_by, hidden_at = excluded.hidden_at',
      [postId, by, at],
    ),
  unhide: (db: Queryable, postId: string) => db.run('DELETE FROM hidden_replies WHERE post_id = ?', [postId]),
  isHidden: async (db: Queryable, postId: string) =>
    Boolean(await db.get('SELECT 1 AS x FROM hidden_replies WHERE post_id = ?', [postId])),
};
