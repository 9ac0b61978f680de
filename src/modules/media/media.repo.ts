// Every SQL statement for uploaded media.
import { marks, type Queryable } from '../../store/index.js';
import { insertRow, insertRows } from '../../store/insert.js';

export type MediaRow = {
  id: string;
  media_key: string;
  owner_id: string;
  type: 'photo' | 'video' | 'animated_gif';
  media_category: string;
  mime_type: string;
  total_bytes: number;
  received_bytes: number;
  segments: string;
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  alt_text: string | null;
  url: string | null;
  preview_image_url: string | null;
  view_count: number;
  created_at: number;
  expires_at: number;
};

const COLUMNS = [
  'id',
  'media_key',
  'owner_id',
  'type',
  'media_category',
  'mime_type',
  'total_bytes',
  'received_bytes',
  'segments',
  'state',
  'width',
  'height',
  'duration_ms',
  'alt_text',
  'url',
  'preview_image_url',
  'view_count',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof MediaRow)[];

export const mediaRepo = {
  insert: (db: Queryable, m: MediaRow) => insertRow(db, 'media', COLUMNS, m),
  insertMany: (db: Queryable, rows: MediaRow[]) => insertRows(db, 'media', COLUMNS, rows, 500),
  byId: (db: Queryable, id: string) => db.get<MediaRow>('SELECT * FROM media WHERE id = ?', [id]),
  byKeys: (db: Queryable, keys: readonly string[]) =>
    keys.length === 0
      ? Promise.resolve([])
      : db.all<MediaRow>(`SELECT * FROM media WHERE media_key IN (${marks(keys.length)})`, [...keys]),
  byIds: (db: Queryable, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<MediaRow>(`SELECT * FROM media WHERE id IN (${marks(ids.length)})`, [...ids]),
  async appended(db: Queryable, id: string, bytes: number, segments: string): Promise<void> {
    await db.run('UPDATE media SET received_bytes = ?, segments = ? WHERE id = ?', [bytes, segments, id]);
  },
  async finish(
    db: Queryable,
    id: string,
    m: Pick<MediaRow, 'state' | 'width' | 'height' | 'duration_ms' | 'url' | 'preview_image_url'>,
  ): Promise<void> {
    await db.run(
      'UPDATE media SET state = ?, width = ?, height = ?, duration_ms = ?, url = ?, preview_image_url = ? WHERE id = ?',
      [m.state, m.width, m.height, m.duration_ms, m.url, m.preview_image_url, id],
    );
  },
  async setAltText(db: Queryable, id: string, alt: string | null): Promise<void> {
    await db.run('UPDATE media SET alt_text = ? WHERE id = ?', [alt, id]);
  },
};
