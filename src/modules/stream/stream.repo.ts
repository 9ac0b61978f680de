// Reads of the posts module's outbox events (topics `post.create`, `post.edit`) for the filtered
// stream. Read-only: the stream never claims or settles an outbox row, so the webhook fan-out,
// which claims these topics, still sees every one (ADR 0008). Ids are time-ordered snowflakes; the
// stream's cursor is the last id it processed.
import type { Queryable } from '../../store/index.js';

export type PostEvent = { id: string; topic: string; payload: string; created_at: number };

export const POST_TOPICS = ['post.create', 'post.edit'] as const;
const TOPICS = "topic IN ('post.create', 'post.edit')";
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export const streamRepo = {
  /** The newest post event's id, or '0' when there is none. */
  async latest(db: Queryable): Promise<string> {
    const row = await db.get<{ id: string }>(`SELECT id FROM outbox WHERE ${TOPICS} ORDER BY id DESC LIMIT 1`);
    return row?.id ?? '0';
  },

  /** Post events after `cursor`, oldest first. */
  after: (db: Queryable, cursor: string, limit: number) =>
    db.all<PostEvent>(
      `SELECT id, topic, payload, created_at FROM outbox WHERE id > ? AND ${TOPICS} ORDER BY id LIMIT ${Number(limit)}`,
      [cursor],
    ),

  /** Ids of post events in (low, high]: a late commit with an older id shows up here. */
  idsBetween: async (db: Queryable, low: string, high: string) =>
    (
      await db.all<{ id: string }>(`SELECT id FROM outbox WHERE id > ? AND id <= ? AND ${TOPICS} ORDER BY id`, [
        low,
        high,
      ])
    ).map((r) => r.id),

  byIds: (db: Queryable, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<PostEvent>(
          `SELECT id, topic, payload, created_at FROM outbox WHERE id IN (${marks(ids.length)}) AND ${TOPICS} ORDER BY id`,
          ids,
        ),

  /** Post events with ids in [from, to], after `after`, oldest first (backfill and recovery). */
  range: (db: Queryable, o: { from: string; to: string; after: string | null; limit: number }) =>
    db.all<PostEvent>(
      `SELECT id, topic, payload, created_at FROM outbox WHERE id >= ? AND id <= ? AND id > ? AND ${TOPICS} ORDER BY id LIMIT ${Number(o.limit)}`,
      [o.from, o.to, o.after ?? ''],
    ),
};
