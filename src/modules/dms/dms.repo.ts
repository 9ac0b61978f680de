// Every SQL statement for direct-message conversations and events (participants are an edge table).
import { marks, type Queryable } from '../../store/index.js';
import { insertRow } from '../../store/insert.js';

export type DmEventRow = {
  id: string;
  conversation_id: string;
  event_type: 'MessageCreate' | 'ParticipantsJoin' | 'ParticipantsLeave';
  sender_id: string;
  text: string | null;
  entities: string | null;
  media_keys: string | null;
  referenced_tweets: string | null;
  participant_ids: string | null;
  created_at: number;
};
export type EventFilter = { limit: number; after?: string; before?: string; types: readonly string[] };

const COLUMNS = [
  'id',
  'conversation_id',
  'event_type',
  'sender_id',
  'text',
  'entities',
  'media_keys',
  'referenced_tweets',
  'participant_ids',
  'created_at',
] as const satisfies readonly (keyof DmEventRow)[];

async function page(db: Queryable, where: string, head: unknown[], f: EventFilter): Promise<DmEventRow[]> {
  const params = [...head, ...f.types];
  let sql = `SELECT e.* FROM dm_events e WHERE ${where} AND e.event_type IN (${marks(f.types.length)})`;
  if (f.after) {
    sql += ' AND e.id < ?';
    params.push(f.after);
  }
  if (f.before) {
    sql += ' AND e.id > ?';
    params.push(f.before);
  }
  sql += f.before ? ' ORDER BY e.id ASC LIMIT ?' : ' ORDER BY e.id DESC LIMIT ?';
  params.push(f.limit + 1);
  return db.all<DmEventRow>(sql, params as (string | number)[]);
}

export const dmsRepo = {
  async insertConversation(db: Queryable, id: string, type: 'OneToOne' | 'Group', now: number): Promise<boolean> {
    return (
      (
        await db.run(
          'INSERT INTO dm_conversations (id, type, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
          [id, type, now],
        )
      ).changes > 0
    );
  },
  conversation: (db: Queryable, id: string) =>
    db.get<{ id: string; type: string }>('SELECT * FROM dm_conversations WHERE id = ?', [id]),
  insertEvent: (db: Queryable, e: DmEventRow) => insertRow(db, 'dm_events', COLUMNS, e),
  event: (db: Queryable, id: string) => db.get<DmEventRow>('SELECT * FROM dm_events WHERE id = ?', [id]),
  async deleteEvent(db: Queryable, id: string): Promise<void> {
    await db.run('DELETE FROM dm_events WHERE id = ?', [id]);
  },
  inConversation: (db: Queryable, conversationId: string, f: EventFilter) =>
    page(db, 'e.conversation_id = ?', [conversationId], f),
  forUser: (db: Queryable, userId: string, f: EventFilter) =>
    page(db, 'e.conversation_id IN (SELECT source_id FROM dm_participants WHERE target_id = ?)', [userId], f),
  /** A DM block of `target` by `source`; false when it was already there. */
  async addBlock(db: Queryable, source: string, target: string, now: number): Promise<boolean> {
    const r = await db.run(
      'INSERT INTO dm_blocks (source_id, target_id, created_at) VALUES (?, ?, ?) ON CONFLICT (source_id, target_id) DO NOTHING',
      [source, target, now],
    );
    return r.changes > 0;
  },
  async removeBlock(db: Queryable, source: string, target: string): Promise<boolean> {
    return (await db.run('DELETE FROM dm_blocks WHERE source_id = ? AND target_id = ?', [source, target])).changes > 0;
  },
  /** Whether either user DM-blocked the other. */
  blockedBetween: async (db: Queryable, a: string, b: string) =>
    Boolean(
      await db.get(
        'SELECT 1 AS x FROM dm_blocks WHERE (source_id = ? AND target_id = ?) OR (source_id = ? AND target_id = ?)',
        [a, b, b, a],
      ),
    ),
};
