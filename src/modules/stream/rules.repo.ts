// Every SQL statement of filtered-stream rules: an app's rules and the version of its rule set.
// A change bumps the version in the same transaction (the UPDATE also takes the row lock that
// serialises concurrent changes of one app on PostgreSQL); caches compare versions to notice changes
// made by another process.
import { marks, type Queryable } from '../../store/index.js';
import { flatten } from '../../shared/arrays.js';

export type RuleRow = { id: string; app_id: string; value: string; tag: string | null; created_at: number };

export const rulesRepo = {
  all: (db: Queryable, appId: string) =>
    db.all<RuleRow>('SELECT * FROM stream_rules WHERE app_id = ? ORDER BY created_at, id', [appId]),

  /** One page in id order; `after` is the last id of the previous page. */
  page: (db: Queryable, appId: string, o: { ids?: string[]; after?: string; limit: number }) => {
    const where = ['app_id = ?'];
    const params: (string | number)[] = [appId];
    if (o.ids?.length) {
      where.push(`id IN (${marks(o.ids.length)})`);
      params.push(...o.ids);
    }
    if (o.after) {
      where.push('(LENGTH(id) > ? OR (LENGTH(id) = ? AND id > ?))');
      params.push(o.after.length, o.after.length, o.after);
    }
    return db.all<RuleRow>(
      `SELECT * FROM stream_rules WHERE ${where.join(' AND ')} ORDER BY LENGTH(id), id LIMIT ${Number(o.limit)}`,
      params,
    );
  },

  async count(db: Queryable, appId: string): Promise<number> {
    const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stream_rules WHERE app_id = ?', [appId]);
    return Number(row?.n ?? 0);
  },

  byValues: (db: Queryable, appId: string, values: string[]) =>
    values.length === 0
      ? Promise.resolve([])
      : db.all<RuleRow>(`SELECT * FROM stream_rules WHERE app_id = ? AND value IN (${marks(values.length)})`, [
          appId,
          ...values,
        ]),
  byIds: (db: Queryable, appId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<RuleRow>(`SELECT * FROM stream_rules WHERE app_id = ? AND id IN (${marks(ids.length)})`, [
          appId,
          ...ids,
        ]),

  async insert(db: Queryable, rows: RuleRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      await db.run(
        `INSERT INTO stream_rules (id, app_id, value, tag, created_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        flatten(chunk, (r) => [r.id, r.app_id, r.value, r.tag, r.created_at]),
      );
    }
  },

  async remove(db: Queryable, appId: string, ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await db.run(`DELETE FROM stream_rules WHERE app_id = ? AND id IN (${marks(chunk.length)})`, [appId, ...chunk]);
    }
  },

  /**
   * Sets the app's rule-set version and returns the one it replaces (null when the app had none).
   * One upsert, so on PostgreSQL it also locks the app's row until the transaction ends.
   */
  async bumpVersion(db: Queryable, appId: string, version: string): Promise<string | null> {
    const row = await db.get<{ previous: string | null }>(
      `INSERT INTO stream_rule_versions (app_id, version, previous) VALUES (?, ?, NULL)
       ON CONFLICT (app_id) DO UPDATE SET previous = stream_rule_versions.version, version = excluded.version RETURNING previous`,
      [appId, version],
    );
    return row?.previous ?? null;
  },

  version: async (db: Queryable, appId: string) =>
    (await db.get<{ version: string }>('SELECT version FROM stream_rule_versions WHERE app_id = ?', [appId]))
      ?.version ?? null,

  async versions(db: Queryable, appIds: string[]): Promise<Map<string, string>> {
    if (!appIds.length) return new Map();
    const rows = await db.all<{ app_id: string; version: string }>(
      `SELECT app_id, version FROM stream_rule_versions WHERE app_id IN (${marks(appIds.length)})`,
      appIds,
    );
    return new Map(rows.map((r) => [r.app_id, r.version]));
  },
};
