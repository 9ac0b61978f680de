// Every SQL statement of the streaming-connection history: one row per connection, opened when it
// is admitted and closed with a reason when it ends. A process heartbeats its open connections
// (wall time); rows of a process that died stop being heartbeated and are closed by any other.
// A kill asked in one process for another's connection is a flag the owner polls.
import { marks, type Param, type Queryable } from '../../store/index.js';

export type ConnectionRow = {
  id: string;
  uuid: string;
  app_id: string;
  endpoint_name: string;
  /** The `partition` asked for, on the endpoints that take one. */
  stream_partition: number | null;
  client_ip: string | null;
  holder: string;
  connected_at: number;
  disconnected_at: number | null;
  disconnect_reason: string | null;
  kill_requested: number;
  seen_at: number;
};

export type ConnectionFilter = {
  status: 'active' | 'inactive' | 'all';
  endpoints: string[];
  before: string | null;
  limit: number;
};

export const connectionsRepo = {
  async insert(db: Queryable, r: ConnectionRow): Promise<void> {
    await db.run(
      `INSERT INTO stream_connections (id, uuid, app_id, endpoint_name, stream_partition, client_ip, holder, connected_at, disconnected_at, disconnect_reason, kill_requested, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0, ?)`,
      [r.id, r.uuid, r.app_id, r.endpoint_name, r.stream_partition, r.client_ip, r.holder, r.connected_at, r.seen_at],
    );
  },

  /** Open connections of the app on an endpoint, oldest first (admission keeps the first N). */
  open: (db: Queryable, appId: string, endpoint: string) =>
    db.all<ConnectionRow>(
      'SELECT * FROM stream_connections WHERE app_id = ? AND endpoint_name = ? AND disconnected_at IS NULL ORDER BY id',
      [appId, endpoint],
    ),

  async close(db: Queryable, uuid: string, at: number, reason: string): Promise<void> {
    await db.run(
      'UPDATE stream_connections SET disconnected_at = ?, disconnect_reason = ? WHERE uuid = ? AND disconnected_at IS NULL',
      [at, reason, uuid],
    );
  },

  async remove(db: Queryable, uuid: string): Promise<void> {
    await db.run('DELETE FROM stream_connections WHERE uuid = ?', [uuid]);
  },

  /** Newest first; `before` pages back by row id. */
  list(db: Queryable, appId: string, f: ConnectionFilter): Promise<ConnectionRow[]> {
    const where = ['app_id = ?'];
    const params: Param[] = [appId];
    if (f.status === 'active') where.push('disconnected_at IS NULL');
    if (f.status === 'inactive') where.push('disconnected_at IS NOT NULL');
    if (f.endpoints.length) {
      where.push(`endpoint_name IN (${marks(f.endpoints.length)})`);
      params.push(...f.endpoints);
    }
    if (f.before) {
      where.push('id < ?');
      params.push(f.before);
    }
    return db.all<ConnectionRow>(
      `SELECT * FROM stream_connections WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${Number(f.limit)}`,
      params,
    );
  },

  /** Open connections of the app, optionally only these uuids or this endpoint. */
  openOf(db: Queryable, appId: string, o: { uuids?: string[]; endpoint?: string }): Promise<ConnectionRow[]> {
    const where = ['app_id = ?', 'disconnected_at IS NULL'];
    const params: Param[] = [appId];
    if (o.uuids) {
      where.push(`uuid IN (${marks(o.uuids.length)})`);
      params.push(...o.uuids);
    }
    if (o.endpoint) {
      where.push('endpoint_name = ?');
      params.push(o.endpoint);
    }
    return db.all<ConnectionRow>(`SELECT * FROM stream_connections WHERE ${where.join(' AND ')} ORDER BY id`, params);
  },

  async requestKill(db: Queryable, uuids: string[]): Promise<void> {
    if (uuids.length)
      await db.run(
        `UPDATE stream_connections SET kill_requested = 1 WHERE uuid IN (${marks(uuids.length)}) AND disconnected_at IS NULL`,
        uuids,
      );
  },

  /** Of these open connections, those another process asked to end. */
  killRequested: async (db: Queryable, uuids: string[]) =>
    uuids.length === 0
      ? []
      : (
          await db.all<{ uuid: string }>(
            `SELECT uuid FROM stream_connections WHERE kill_requested = 1 AND uuid IN (${marks(uuids.length)})`,
            uuids,
          )
        ).map((r) => r.uuid),

  async heartbeat(db: Queryable, holder: string, wall: number): Promise<void> {
    await db.run('UPDATE stream_connections SET seen_at = ? WHERE holder = ? AND disconnected_at IS NULL', [
      wall,
      holder,
    ]);
  },

  /** Closes open rows nobody heartbeated since `staleBefore` (their process is gone). */
  async closeStale(db: Queryable, staleBefore: number, at: number): Promise<void> {
    await db.run(
      "UPDATE stream_connections SET disconnected_at = ?, disconnect_reason = 'connection_lost' WHERE disconnected_at IS NULL AND seen_at < ?",
      [at, staleBefore],
    );
  },

  async prune(db: Queryable, before: number): Promise<void> {
    await db.run('DELETE FROM stream_connections WHERE disconnected_at IS NOT NULL AND disconnected_at < ?', [before]);
  },
};
