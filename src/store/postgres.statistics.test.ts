// The statistics keeper (postgres.statistics.ts): a table of the schema changed past the rule is
// analysed (its row count then known to the planner), one short of it is not, and a pass leaves
// nothing due behind it. PostgreSQL only: runs where AVIARY_TEST_DATABASE_URL is set (CI sets it).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { statisticsKeeper, type StatisticsKeeper } from './postgres.statistics.js';

const PG_URL = process.env.AVIARY_TEST_DATABASE_URL || null;
const schema = `t_statistics_${process.pid}`;

describe('PostgreSQL statistics keeper', { skip: PG_URL ? false : 'needs AVIARY_TEST_DATABASE_URL' }, () => {
  let pool: pg.Pool;
  let keeper: StatisticsKeeper;
  before(async () => {
    const admin = new pg.Client({ connectionString: PG_URL! });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    pool = new pg.Pool({ connectionString: PG_URL!, max: 2, options: `-c search_path=${schema}` });
    keeper = statisticsKeeper(pool);
  });
  after(async () => {
    await keeper.close();
    await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    await pool.end();
  });

  /** Writes rows `from`..`to` into `table` and makes this session's counters visible to the others now. */
  async function write(table: string, from: number, to: number): Promise<void> {
    const c = await pool.connect();
    try {
      await c.query(`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY, v TEXT)`);
      await c.query(`INSERT INTO ${table} SELECT i, 'v' || i FROM generate_series($1::int, $2::int) i`, [from, to]);
      // Backends report their counters at most once a second; this makes the next report immediate.
      await c.query('SELECT pg_stat_force_next_flush()');
      await c.query('SELECT 1');
    } finally {
      c.release();
    }
  }
  const rowsKnown = async (table: string) =>
    Number(
      (await pool.query<{ n: string }>('SELECT reltuples AS n FROM pg_class WHERE oid = $1::regclass', [table]))
        .rows[0]!.n,
    );

  test('analyses the tables changed past 50 rows and leaves the others', async () => {
    await write('grown', 1, 120);
    await write('quiet', 1, 10);
    assert.deepEqual(await keeper.pass(), ['grown']);
    assert.equal(await rowsKnown('grown'), 120);
    assert.equal(await rowsKnown('quiet'), -1, 'never analysed');
    assert.deepEqual(await keeper.pass(), [], 'nothing left due');
  });

  test('analyses a table again once its changes reach 50 + the rows it counted', async () => {
    await write('grown', 121, 200);
    assert.deepEqual(await keeper.pass(), [], '80 changes: under 50 + 120');
    await write('grown', 201, 300);
    assert.deepEqual(await keeper.pass(), ['grown'], '180 changes: past 170');
    assert.equal(await rowsKnown('grown'), 300);
  });
});
