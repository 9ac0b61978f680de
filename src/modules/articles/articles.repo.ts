// Every SQL statement for articles.
import type { Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type ArticleRow = {
  id: string;
  author_id: string;
  title: string;
  /** The DraftJS content state as given (JSON). */
  content_state: string;
  /** The cover's media id, when there is one. */
  cover_media: string | null;
  post_id: string | null;
  created_at: number;
  published_at: number | null;
};
const COLUMNS = [
  'id',
  'author_id',
  'title',
  'content_state',
  'cover_media',
  'post_id',
  'created_at',
  'published_at',
] as const satisfies readonly (keyof ArticleRow)[];

export const articlesRepo = {
  insert: (db: Queryable, a: ArticleRow) => insertRow(db, 'articles', COLUMNS, a),
  byId: (db: Queryable, id: string) => db.get<ArticleRow>('SELECT * FROM articles WHERE id = ?', [id]),
  /** Marks a draft published by `postId`; false when it already was (a concurrent publish won). */
  async publish(db: Queryable, id: string, postId: string, at: number): Promise<boolean> {
    const r = await db.run('UPDATE articles SET post_id = ?, published_at = ? WHERE id = ? AND post_id IS NULL', [
      postId,
      at,
      id,
    ]);
    return r.changes === 1;
  },
};
