// Every SQL statement for community notes.
import { marks, type Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type NoteRow = {
  id: string;
  author_id: string;
  post_id: string;
  test_mode: number;
  text: string;
  classification: string;
  /** JSON array of MisleadingTags. */
  misleading_tags: string;
  trustworthy_sources: number;
  is_media_note: number;
  score: number;
  created_at: number;
};
const COLUMNS = [
  'id',
  'author_id',
  'post_id',
  'test_mode',
  'text',
  'classification',
  'misleading_tags',
  'trustworthy_sources',
  'is_media_note',
  'score',
  'created_at',
] as const satisfies readonly (keyof NoteRow)[];

export const notesRepo = {
  insert: (db: Queryable, n: NoteRow) => insertRow(db, 'community_notes', COLUMNS, n),
  byId: (db: Queryable, id: string) => db.get<NoteRow>('SELECT * FROM community_notes WHERE id = ?', [id]),
  async remove(db: Queryable, id: string): Promise<boolean> {
    return (await db.run('DELETE FROM community_notes WHERE id = ?', [id])).changes === 1;
  },
  byAuthorAndPost: (db: Queryable, authorId: string, postId: string, testMode: number) =>
    db.get<NoteRow>('SELECT * FROM community_notes WHERE author_id = ? AND post_id = ? AND test_mode = ?', [
      authorId,
      postId,
      testMode,
    ]),
  /** Which of these posts the author has already written a note on, in this mode. */
  notedAmong: async (db: Queryable, authorId: string, testMode: number, postIds: readonly string[]) =>
    postIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db.all<{ post_id: string }>(
              `SELECT post_id FROM community_notes WHERE author_id = ? AND test_mode = ? AND post_id IN (${marks(postIds.length)})`,
              [authorId, testMode, ...postIds],
            )
          ).map((r) => r.post_id),
        ),
  /** A page of an author's notes in one mode, newest first (ids are snowflakes of one length). */
  written: (db: Queryable, authorId: string, testMode: number, limit: number, beforeId?: string) =>
    db.all<NoteRow>(
      `SELECT * FROM community_notes WHERE author_id = ? AND test_mode = ?${beforeId ? ' AND id < ?' : ''}
       ORDER BY id DESC LIMIT ?`,
      beforeId ? [authorId, testMode, beforeId, limit + 1] : [authorId, testMode, limit + 1],
    ),
};
