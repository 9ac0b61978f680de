// PostgreSQL store for several Aviary processes sharing one database. `?` placeholders become
// `$n`; BIGINT comes back as a JS number (epoch-ms timestamps and counters fit in 2^53; ids are TEXT).
import pg from 'pg';
import type { Db, Param, Queryable, Row } from './db.js';
import { groupTx, runJobs, settle, type GroupJob, type Outcome, type Savepoints } from './group.js';
import { statisticsKeeper } from './postgres.statistics.js';

pg.types.setTypeParser(20, (v) => Number(v));

const translated = new Map<string, string>();
/** `?` → `$1, $2, …` (repositories never put a literal `?` inside SQL strings). */
export function toPositional(sql: string): string {
  let out = translated.get(sql);
  if (out === undefined) {
    let n = 0;
    out = sql.replace(/\?/g, () => `$${++n}`);
    translated.set(sql, out);
  }
  return out;
}

/**
 * Names for the statements run often: pg prepares a named statement once on each connection, then
 * only binds and runs it, where an unnamed one is parsed and planned by the server every time
 * (issue #23: bench:writes plain on PostgreSQL 424–440 → 537–655 posts/s). Only statements of one
 * command (the extended protocol's rule), named from their third use so one-off texts (a seed's, a
 * rare IN list's) take none, and at most MAX_NAMED of them, which bounds what each connection keeps
 * prepared on the server. A text with no `;` is one command, with parameters or without: the
 * generation tokens' read (`SELECT (SELECT value FROM users_generation WHERE id = 1) AS g0, …`, ~0.6
 * runs a post under bench:writes streams) has none, and costs the backend 184–194 µs of CPU a run
 * unnamed, 102–108 named (one connection, 10,000 runs).
 */
const MAX_NAMED = 400;
const NAME_FROM_USE = 3;
const uses = new Map<string, number>();
const names = new Map<string, string>();
function statementName(sql: string): string | undefined {
  const known = names.get(sql);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED) {
    uses.clear();
    return undefined;
  }
  const n = (uses.get(sql) ?? 0) + 1;
  if (n < NAME_FROM_USE) {
    uses.set(sql, n);
    return undefined;
  }
  uses.delete(sql);
  const name = `aviary_${names.size}`;
  names.set(sql, name);
  return name;
}

type Client = pg.Pool | pg.PoolClient;

/** `pipelined`: a transaction's own connection, whose statements asked together go out together (db.ts). */
function queryable(client: Client, pipelined = false): Queryable {
  const q = async (sql: string, params: Param[] = []) => {
    const name = params.length || !sql.includes(';') ? statementName(sql) : undefined;
    const text = toPositional(sql);
    return name === undefined
      ? client.query(text, params as unknown[])
      : client.query({ name, text, values: params as unknown[] });
  };
  return {
    all: async <T = Row>(sql: string, params?: Param[]) => (await q(sql, params)).rows as T[],
    get: async <T = Row>(sql: string, params?: Param[]) => (await q(sql, params)).rows[0] as T | undefined,
    run: async (sql: string, params?: Param[]) => ({ changes: (await q(sql, params)).rowCount ?? 0 }),
    pipelined,
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** How long the write lane may chain its transactions before its connection goes idle once (runLane). */
const LANE_IDLE_EVERY_MS = 1_000;

/** A fixed advisory-lock key: "aviary" in ASCII. */
const LOCK_KEY = 0x617669617279;

export async function openPostgres(url: string, schema: string | null): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Pipeline mode (pg 8.23): a query asked while another runs on the same client is sent at once,
    // not held until the answer. Only a transaction's writes ask so: a group's `oneShot` kinds
    // (store/group.ts) and a writer's chunks (db.ts `askAll`); every other caller awaits each query.
    pipeline: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const statistics = statisticsKeeper(pool);
  const root = queryable(pool);
  const run = root.run;
  root.run = async (sql, params) => {
    const r = await run(sql, params);
    statistics.written();
    return r;
  };
  let exclusiveTail: Promise<unknown> = Promise.resolve();
  async function withLock<T>(fn: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  }

  /**
   * One transaction on one pooled connection for `jobs` (store/group.ts runs them: savepoints when
   * there are several); settles each job after the commit, or with the error that stopped it.
   * `open`: a connection whose transaction an earlier group's commit began already. When `next()`
   * says more jobs wait (the lane), the commit begins their transaction in the same round trip
   * (`COMMIT; BEGIN`, one simple query) and the connection is returned for them, else null.
   */
  async function runGroup(
    jobs: GroupJob[],
    open: pg.PoolClient | null = null,
    next: () => boolean = () => false,
  ): Promise<pg.PoolClient | null> {
    let client: pg.PoolClient;
    try {
      client = open ?? (await pool.connect());
    } catch (error) {
      for (const j of jobs) j.reject(error);
      return null;
    }
    const q = queryable(client, true);
    const group = groupTx(q);
    const savepoints: Savepoints = {
      savepoint: (name) => client.query(`SAVEPOINT ${name}`),
      release: (name) => client.query(`RELEASE SAVEPOINT ${name}`),
      rollbackTo: (name) => client.query(`ROLLBACK TO SAVEPOINT ${name}`),
      // An error aborts the transaction but keeps it open: the rollback to a savepoint recovers it.
      open: () => true,
      restart: async () => {
        await client.query('ROLLBACK');
        await client.query('BEGIN');
      },
    };
    let outcome: Outcome[];
    let chained = false;
    try {
      if (!open) await client.query('BEGIN');
      outcome = await runJobs(jobs, group, savepoints);
      await group.flush();
      chained = next();
      // The commit's statements, COMMIT and the next BEGIN in one simple query, one round trip. A
      // statement that fails skips the rest of the query: the ROLLBACK below ends what is left.
      await client.query([...group.commitStatements(), chained ? 'COMMIT; BEGIN' : 'COMMIT'].join('; '));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      for (const j of jobs) j.reject(error);
      return null;
    }
    if (!chained) client.release();
    settle(jobs, outcome);
    group.afterCommit();
    statistics.written();
    return chained ? client : null;
  }

  // Group commit (docs/adr/0020): grouped transactions wait in one lane; each turn commits every one
  // waiting, in one transaction. One lane, so that two groups never hold each other's row locks. While
  // jobs wait, a group's COMMIT also begins the next group's transaction: a round trip fewer a group
  // (of ~10 in bench:writes, issue #23). A transaction begun holds no snapshot or lock until its first
  // statement (READ COMMITTED), and no SQL of Aviary reads the transaction's start time.
  //
  // But a backend reports its tables' changes to the statistics views (pg_stat_user_tables, which the
  // statistics keeper and autovacuum read) only when it goes idle outside a transaction, at most once
  // a second (PostgreSQL's PGSTAT_MIN_INTERVAL): a lane chaining under a steady load never did, so
  // posts, the outbox and users were not analysed until the load stopped, and their first plans
  // (sequential scans) stayed for the whole burst (issue #23). So the chain is broken once a second.
  let lane: GroupJob[] = [];
  let laneBusy = false;
  let laneIdleAt = performance.now();
  const chainMore = () => lane.length > 0 && performance.now() - laneIdleAt < LANE_IDLE_EVERY_MS;
  async function runLane(): Promise<void> {
    laneBusy = true;
    let open: pg.PoolClient | null = null;
    try {
      while (lane.length) {
        const jobs = lane;
        lane = [];
        open = await runGroup(jobs, open, chainMore);
        if (!open) laneIdleAt = performance.now();
      }
    } finally {
      // Never left open (next() saw jobs waiting, and only this loop takes them); ended all the same.
      if (open) {
        await open.query('ROLLBACK').catch(() => undefined);
        open.release();
      }
      laneBusy = false;
    }
  }

  return {
    dialect: 'postgres',
    embedded: false,
    location: redact(url) + (schema ? ` (schema ${schema})` : ''),
    ...root,
    tx<T>(fn: (tx: Queryable) => Promise<T>, opts?: { group?: boolean }): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const job: GroupJob = { fn, group: opts?.group === true, resolve: resolve as (v: unknown) => void, reject };
        if (!opts?.group) return void runGroup([job]);
        lane.push(job);
        if (!laneBusy) void runLane();
      });
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async exclusive<T>(fn: () => Promise<T>): Promise<T> {
      // One caller of this process at a time holds a pool client waiting on the lock: were several to
      // wait (20 stream connects at once), they could hold every client of the pool while the lock's
      // holder needs one for its own queries, and none would finish.
      const turn = exclusiveTail.then(() => withLock(fn));
      exclusiveTail = turn.catch(() => undefined);
      return turn;
    },
    async tables() {
      const rows = await root.all<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
      );
      return rows.map((r) => r.tablename);
    },
    async close() {
      await statistics.close();
      await pool.end();
    },
  };
}
