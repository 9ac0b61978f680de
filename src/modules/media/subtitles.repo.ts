// Every SQL statement for the subtitle tracks of a video (table media_subtitles, migration 0035).
import type { Queryable } from '../../store/index.js';

export type SubtitleRow = {
  media_id: string;
  language_code: string;
  display_name: string;
  subtitle_media_id: string;
  created_at: number;
};

export const subtitlesRepo = {
  ofMedia: (db: Queryable, mediaId: string) =>
    db.all<SubtitleRow>('SELECT * FROM media_subtitles WHERE media_id = ? ORDER BY created_at, language_code', [
      mediaId,
    ]),
  /** One track per language: a new one for a language replaces the old (delete, then insert). */
  async put(db: Queryable, r: SubtitleRow): Promise<void> {
    await db.run('DELETE FROM media_subtitles WHERE media_id = ? AND language_code = ?', [r.media_id, r.language_code]);
    await db.run(
      'INSERT INTO media_subtitles (media_id, language_code, display_name, subtitle_media_id, created_at) VALUES (?, ?, ?, ?, ?)',
      [r.media_id, r.language_code, r.display_name, r.subtitle_media_id, r.created_at],
    );
  },
  async remove(db: Queryable, mediaId: string, language: string): Promise<boolean> {
    const had = await db.get<{ n: number }>(
      'SELECT 1 AS n FROM media_subtitles WHERE media_id = ? AND language_code = ?',
      [mediaId, language],
    );
    if (!had) return false;
    await db.run('DELETE FROM media_subtitles WHERE media_id = ? AND language_code = ?', [mediaId, language]);
    return true;
  },
};
