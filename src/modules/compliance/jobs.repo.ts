// Every SQL statement of batch compliance: the jobs, what the control API records of users beyond the
// users table, the deletions the posts module wrote to the outbox (`post.delete`, kept for good: the
// streams read them, ADR 0008), and the pruning of the compliance events nobody claims.
import { marks, type Param, type Queryable } from '../../store/index.js';

export type JobType = 'tweets' | 'users';
export type JobStatus = 'created' | 'in_progress' | 'failed' | 'complete' | 'expired';

export type JobRow = {
  id: string;
  app_id: string;
  type: JobType;
  name: string | null;
  resumable: number;
  status: JobStatus;
  upload_token: string;
  download_token: string;
  created_at: number;
  upload_expires_at: number;
  download_expires_at: number;
  uploaded_at: number | null;
  upload: string | null;
  result: string | null;
};

export type UserState = {
  user_id: string;
  protected_at: number | null;
  suspended_at: number | null;
  deactivated_at: number | null;
  withheld_in_countries: string | null;
  updated_at: number;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** PostgreSQL hands BIGINT back as text. */
const job = (r: JobRow): JobRow => ({
  ...r,
  resumable: Number(r.resumable),
  created_at: Number(r.created_at),
  upload_expires_at: Number(r.upload_expires_at),
  download_expires_at: Number(r.download_expires_at),
  uploaded_at: num(r.uploaded_at),
});
const state = (r: UserState): UserState => ({
  ...r,
  protected_at: num(r.protected_at),
  suspended_at: num(r.suspended_at),
  deactivated_at: num(r.deactivated_at),
  updated_at: Number(r.updated_at),
});

/** Topics written for the compliance streams only, which no fan-out claims or prunes. */
export const OWN_TOPICS = ['like.delete', 'compliance.user', 'compliance.post', 'compliance.label'];

export const jobsRepo = {
  async insert(db: Queryable, r: JobRow): Promise<void> {
    await db.run(
      `INSERT INTO compliance_jobs (id, app_id, type, name, resumable, status, upload_token, download_token, created_at, upload_expires_at, download_expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        r.id,
        r.app_id,
        r.type,
        r.name,
        r.resumable,
        r.status,
        r.upload_token,
        r.download_token,
        r.created_at,
        r.upload_expires_at,
        r.download_expires_at,
      ],
    );
  },

  byId: async (db: Queryable, id: string) => {
    const r = await db.get<JobRow>('SELECT * FROM compliance_jobs WHERE id = ?', [id]);
    return r ? job(r) : undefined;
  },

  byToken: async (db: Queryable, column: 'upload_token' | 'download_token', token: string) => {
    const r = await db.get<JobRow>(`SELECT * FROM compliance_jobs WHERE ${column} = ?`, [token]);
    return r ? job(r) : undefined;
  },

  /** The app's jobs of a type, newest first. */
  list: async (db: Queryable, appId: string, type: JobType) =>
    (
      await db.all<JobRow>('SELECT * FROM compliance_jobs WHERE app_id = ? AND type = ? ORDER BY id DESC', [
        appId,
        type,
      ])
    ).map(job),

  /** Records the upload; only a job still waiting for one takes it. */
  async upload(db: Queryable, id: string, text: string, at: number): Promise<boolean> {
    const r = await db.run(
      "UPDATE compliance_jobs SET upload = ?, uploaded_at = ?, status = 'in_progress' WHERE id = ? AND status = 'created'",
      [text, at, id],
    );
    return r.changes > 0;
  },

  async settle(db: Queryable, id: string, from: JobStatus, to: JobStatus, result: string | null): Promise<void> {
    await db.run('UPDATE compliance_jobs SET status = ?, result = ? WHERE id = ? AND status = ?', [
      to,
      result,
      id,
      from,
    ]);
  },

  /** Jobs whose status may have to move (a restart lost their timers). */
  unsettled: async (db: Queryable) =>
    (await db.all<JobRow>("SELECT * FROM compliance_jobs WHERE status IN ('created', 'in_progress')")).map(job),

  userStates: async (db: Queryable, ids: string[]) =>
    ids.length === 0
      ? []
      : (
          await db.all<UserState>(
            `SELECT * FROM compliance_user_states WHERE user_id IN (${marks(ids.length)})`,
            ids as Param[],
          )
        ).map(state),

  async saveUserState(db: Queryable, s: UserState): Promise<void> {
    await db.run('DELETE FROM compliance_user_states WHERE user_id = ?', [s.user_id]);
    await db.run(
      `INSERT INTO compliance_user_states (user_id, protected_at, suspended_at, deactivated_at, withheld_in_countries, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [s.user_id, s.protected_at, s.suspended_at, s.deactivated_at, s.withheld_in_countries, s.updated_at],
    );
  },

  /** Every post deletion: the ids removed (all versions), their author and when. */
  deletions: async (db: Queryable) =>
    (
      await db.all<{ payload: string; created_at: number }>(
        "SELECT payload, created_at FROM outbox WHERE topic = 'post.delete' ORDER BY id",
      )
    ).map((r) => ({ ...(JSON.parse(r.payload) as { ids?: string[]; post_id: string }), at: Number(r.created_at) })),

  async pruneEvents(db: Queryable, before: number): Promise<void> {
    await db.run(`DELETE FROM outbox WHERE topic IN (${marks(OWN_TOPICS.length)}) AND created_at < ?`, [
      ...OWN_TOPICS,
      before,
    ]);
  },
};
