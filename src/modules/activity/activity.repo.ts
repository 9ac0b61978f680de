// Every SQL statement for X Activity API subscriptions, the activity event log the persistent
// stream tails, and the two profile fields the users table does not keep (affiliation, banner).
import { marks, type Param, type Queryable } from '../../store/index.js';
import { insertRow, insertRows } from '../../store/insert.js';

export type SubscriptionRow = {
  id: string;
  app_id: string;
  event_type: string;
  user_id: string | null;
  keyword: string | null;
  direction: string | null;
  tag: string | null;
  webhook_id: string | null;
  created_at: number;
  updated_at: number;
};
export type EventRow = { id: string; app_id: string; envelope: string; created_at: number };
const SUBSCRIPTION_COLUMNS = [
  'id',
  'app_id',
  'event_type',
  'user_id',
  'keyword',
  'direction',
  'tag',
  'webhook_id',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SubscriptionRow)[];
const EVENT_COLUMNS = ['id', 'app_id', 'envelope', 'created_at'] as const satisfies readonly (keyof EventRow)[];
export type ProfileExtras = { affiliation: string | null; banner_url: string | null };

export const activityRepo = {
  insert: (db: Queryable, s: SubscriptionRow) => insertRow(db, 'activity_subscriptions', SUBSCRIPTION_COLUMNS, s),
  byId: (db: Queryable, id: string) =>
    db.get<SubscriptionRow>('SELECT * FROM activity_subscriptions WHERE id = ?', [id]),
  page: (db: Queryable, appId: string, after: string | null, limit: number) =>
    db.all<SubscriptionRow>(
      after === null
        ? 'SELECT * FROM activity_subscriptions WHERE app_id = ? ORDER BY id LIMIT ?'
        : 'SELECT * FROM activity_subscriptions WHERE app_id = ? AND id > ? ORDER BY id LIMIT ?',
      after === null ? [appId, limit] : [appId, after, limit],
    ),
  async countByApp(db: Queryable, appId: string): Promise<number> {
    return Number(
      (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM activity_subscriptions WHERE app_id = ?', [appId]))?.n ??
        0,
    );
  },
  async update(db: Queryable, id: string, tag: string | null, webhookId: string | null, now: number): Promise<void> {
    await db.run('UPDATE activity_subscriptions SET tag = ?, webhook_id = ?, updated_at = ? WHERE id = ?', [
      tag,
      webhookId,
      now,
      id,
    ]);
  },
  async remove(db: Queryable, ids: string[]): Promise<number> {
    return (await db.run(`DELETE FROM activity_subscriptions WHERE id IN (${marks(ids.length)})`, ids)).changes;
  },
  async detachWebhook(db: Queryable, webhookId: string): Promise<void> {
    await db.run('UPDATE activity_subscriptions SET webhook_id = NULL WHERE webhook_id = ?', [webhookId]);
  },
  /** A query with a row when any subscription exists (`any`; the fan-out's `unheard` condition). */
  ANY_SQL: 'SELECT 1 AS x FROM activity_subscriptions LIMIT 1',
  /** Whether any subscription exists (the fan-out skips rendering events nobody receives). */
  async any(db: Queryable): Promise<boolean> {
    return Boolean(await db.get(activityRepo.ANY_SQL));
  },
  /** Subscriptions under any of `names` for the user (keyword-only kinds such as news.new match user_id NULL). */
  matching: (db: Queryable, names: string[], userId: string | null) =>
    db.all<SubscriptionRow>(
      userId === null
        ? `SELECT * FROM activity_subscriptions WHERE event_type IN (${marks(names.length)}) AND user_id IS NULL`
        : `SELECT * FROM activity_subscriptions WHERE event_type IN (${marks(names.length)}) AND user_id = ?`,
      (userId === null ? names : [...names, userId]) as Param[],
    ),

  /**
   * Subscriptions under any of `names` for any of the users: the fan-out reads a claimed batch's at
   * once and sorts them out per (kind, user) itself.
   */
  matchingUsers: (db: Queryable, names: string[], userIds: string[]) =>
    db.all<SubscriptionRow>(
      `SELECT * FROM activity_subscriptions WHERE event_type IN (${marks(names.length)}) AND user_id IN (${marks(userIds.length)})`,
      [...names, ...userIds],
    ),

  insertEvents: (db: Queryable, rows: EventRow[]) => insertRows(db, 'activity_events', EVENT_COLUMNS, rows, 200),
  /** Events of the apps at or after `since` (service time), oldest first. */
  eventsSince: (db: Queryable, appIds: string[], since: number, limit: number) =>
    db.all<EventRow>(
      `SELECT * FROM activity_events WHERE app_id IN (${marks(appIds.length)}) AND created_at >= ? ORDER BY created_at, id LIMIT ?`,
      [...appIds, since, limit],
    ),
  async pruneEvents(db: Queryable, before: number): Promise<void> {
    await db.run('DELETE FROM activity_events WHERE created_at < ?', [before]);
  },

  extras: (db: Queryable, userId: string) =>
    db.get<ProfileExtras>('SELECT affiliation, banner_url FROM user_profile_extras WHERE user_id = ?', [userId]),
  async saveExtras(db: Queryable, userId: string, e: ProfileExtras): Promise<void> {
    await db.run(
      `INSERT INTO user_profile_extras (user_id, affiliation, banner_url) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET affiliation = excluded.affiliation, banner_url = excluded.banner_url`,
      [userId, e.affiliation, e.banner_url],
    );
  },
};

export type SpaceRow = {
  id: string;
  host_id: string;
  title: string | null;
  state: 'live' | 'scheduled' | 'ended';
  created_at: number;
  ended_at: number | null;
};
const SPACE_COLUMNS = [
  'id',
  'host_id',
  'title',
  'state',
  'created_at',
  'ended_at',
] as const satisfies readonly (keyof SpaceRow)[];

/** Spaces started and ended through the control API (the public API cannot host one). */
export const spacesRepo = {
  insert: (db: Queryable, s: SpaceRow) => insertRow(db, 'activity_spaces', SPACE_COLUMNS, s),
  byId: (db: Queryable, id: string) => db.get<SpaceRow>('SELECT * FROM activity_spaces WHERE id = ?', [id]),
  /** A scheduled Space goes live (modules/spaces keeps when it started). */
  async goLive(db: Queryable, id: string): Promise<boolean> {
    return (
      (await db.run("UPDATE activity_spaces SET state = 'live' WHERE id = ? AND state = 'scheduled'", [id])).changes ===
      1
    );
  },
  async end(db: Queryable, id: string, now: number): Promise<boolean> {
    return (
      (
        await db.run("UPDATE activity_spaces SET state = 'ended', ended_at = ? WHERE id = ? AND state = 'live'", [
          now,
          id,
        ])
      ).changes === 1
    );
  },
};

/** An open activity stream on a node sharing PostgreSQL (migration 0036), heartbeated while open. */
export type ActivityConnectionRow = { uuid: string; app_id: string; holder: string; seen_at: number };

export const activityConnectionsRepo = {
  insert: (db: Queryable, r: ActivityConnectionRow) =>
    insertRow(db, 'activity_connections', ['uuid', 'app_id', 'holder', 'seen_at'], r),
  ofApp: (db: Queryable, appId: string) =>
    db.all<ActivityConnectionRow>('SELECT * FROM activity_connections WHERE app_id = ?', [appId]),
  async remove(db: Queryable, uuid: string): Promise<void> {
    await db.run('DELETE FROM activity_connections WHERE uuid = ?', [uuid]);
  },
  async removeHolder(db: Queryable, holder: string): Promise<void> {
    await db.run('DELETE FROM activity_connections WHERE holder = ?', [holder]);
  },
  /** Marks this holder's rows seen and drops the rows nobody marked since `staleBefore` (their node is gone). */
  async heartbeat(db: Queryable, holder: string, wall: number, staleBefore: number): Promise<void> {
    await db.run('UPDATE activity_connections SET seen_at = ? WHERE holder = ?', [wall, holder]);
    await db.run('DELETE FROM activity_connections WHERE seen_at < ?', [staleBefore]);
  },
};
