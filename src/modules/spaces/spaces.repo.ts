// Every SQL statement of Spaces' reads and details. The Space rows themselves live in the table the
// control API starts and ends them in (activity_spaces, written only by modules/activity, which also
// inserts a scheduled Space for this module); they are read here joined with their details. What a
// Space has beyond that row is space_details, and its ticket buyers space_buyers (migration 0027).
import { marks, type Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type SpaceRecord = {
  id: string;
  host_id: string;
  title: string | null;
  state: 'live' | 'scheduled' | 'ended';
  created_at: number;
  ended_at: number | null;
  speaker_ids: string | null;
  invited_user_ids: string | null;
  topic_ids: string | null;
  lang: string | null;
  is_ticketed: number | null;
  participant_count: number | null;
  subscriber_count: number | null;
  scheduled_start: number | null;
  started_at: number | null;
  updated_at: number | null;
};
export type DetailsRow = {
  space_id: string;
  speaker_ids: string;
  invited_user_ids: string;
  topic_ids: string;
  lang: string;
  is_ticketed: number;
  participant_count: number;
  subscriber_count: number;
  scheduled_start: number | null;
  started_at: number | null;
  updated_at: number;
};
const DETAIL_COLUMNS = [
  'space_id',
  'speaker_ids',
  'invited_user_ids',
  'topic_ids',
  'lang',
  'is_ticketed',
  'participant_count',
  'subscriber_count',
  'scheduled_start',
  'started_at',
  'updated_at',
] as const satisfies readonly (keyof DetailsRow)[];

const SELECT = `SELECT s.id, s.host_id, s.title, s.state, s.created_at, s.ended_at, d.speaker_ids, d.invited_user_ids,
  d.topic_ids, d.lang, d.is_ticketed, d.participant_count, d.subscriber_count, d.scheduled_start, d.started_at,
  d.updated_at FROM activity_spaces s LEFT JOIN space_details d ON d.space_id = s.id`;
const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const spacesRepo = {
  byIds: (db: Queryable, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<SpaceRecord>(`${SELECT} WHERE s.id IN (${marks(ids.length)})`, [...ids]),
  /** Live and scheduled Spaces of these creators, newest first. */
  byCreators: (db: Queryable, userIds: readonly string[]) =>
    db.all<SpaceRecord>(
      `${SELECT} WHERE s.host_id IN (${marks(userIds.length)}) AND s.state <> 'ended' ORDER BY s.id DESC LIMIT 1000`,
      [...userIds],
    ),
  /** Spaces in these states whose title holds every word, newest first. */
  search: (db: Queryable, words: string[], states: readonly string[], limit: number) =>
    db.all<SpaceRecord>(
      `${SELECT} WHERE s.state IN (${marks(states.length)})${words.map(() => " AND LOWER(COALESCE(s.title, '')) LIKE ? ESCAPE '\\'").join('')}
       ORDER BY s.id DESC LIMIT ?`,
      [...states, ...words.map(like), limit],
    ),
  async saveDetails(db: Queryable, d: DetailsRow): Promise<void> {
    await db.run('DELETE FROM space_details WHERE space_id = ?', [d.space_id]);
    await insertRow(db, 'space_details', DETAIL_COLUMNS, d);
  },
  async addBuyer(db: Queryable, spaceId: string, userId: string, at: number): Promise<boolean> {
    const r = await db.run(
      'INSERT INTO space_buyers (space_id, user_id, bought_at) VALUES (?, ?, ?) ON CONFLICT (space_id, user_id) DO NOTHING',
      [spaceId, userId, at],
    );
    return r.changes === 1;
  },
  /** A page of a Space's buyers by user id, descending. */
  buyers: (db: Queryable, spaceId: string, limit: number, afterUserId?: string) =>
    db.all<{ user_id: string }>(
      `SELECT user_id FROM space_buyers WHERE space_id = ?${afterUserId ? ' AND user_id < ?' : ''} ORDER BY user_id DESC LIMIT ?`,
      afterUserId ? [spaceId, afterUserId, limit + 1] : [spaceId, limit + 1],
    ),
};
