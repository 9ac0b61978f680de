// Group commit (docs/adr/0020, 0027): transactions asked for together commit together — one that
// throws leaves no trace and the others stand — and none resolves before its commit. On SQLite every
// transaction may be grouped; on PostgreSQL those asked with GROUPED. A run of GROUPED ones shares a
// savepoint and is run again one savepoint each when one of them throws; the rows its jobs write
// with writeLater are written together at the run's end, and dropped with an undone run.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { GROUPED, atCommit, onceAfterCommit, writeLater, writeWaiting, type Db, type Queryable } from './db.js';
import { ONE_SHOT, askAll, marks } from './db.js';
import { openSqlite } from './sqlite.js';

const PG_URL = process.env.AVIARY_TEST_DATABASE_URL || null;

async function stores(): Promise<{ name: string; db: Db; done(): Promise<void> }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'aviary-group-'));
  const out = [
    {
      name: 'sqlite',
      db: openSqlite(join(dir, 'g.db')),
      done: async () => rmSync(dir, { recursive: true, force: true }),
    },
  ];
  if (PG_URL) {
    const { openPostgres } = await import('./postgres.js');
    const schema = `t_group_${process.pid}`;
    const db = await openPostgres(PG_URL, schema);
    // Dropped on a connection of its own: `after` closes the store first.
    const drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA "${schema}" CASCADE`);
      await c.end();
    };
    out.push({ name: 'postgres', db, done: drop });
  }
  return out;
}

for (const s of await stores()) {
  describe(`group commit [${s.name}]`, () => {
    after(async () => {
      await s.db.close().catch(() => undefined);
      await s.done().catch(() => undefined);
    });

    test('concurrent transactions: the one that throws leaves nothing, the others commit', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS g (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          s.db.tx(async (tx) => {
            await tx.run('INSERT INTO g (k, v) VALUES (?, ?)', [`a${i}`, i]);
            if (i === 5) throw new Error('refused');
            await tx.run('INSERT INTO g (k, v) VALUES (?, ?)', [`b${i}`, i]);
            return i;
          }, GROUPED),
        ),
      );
      assert.deepEqual(
        results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
        [0, 1, 2, 3, 4, 'refused', 6, 7, 8, 9, 10, 11],
      );
      const rows = await s.db.all<{ k: string }>("SELECT k FROM g WHERE k LIKE 'a%' OR k LIKE 'b%' ORDER BY k");
      assert.equal(rows.length, 22);
      assert.ok(!rows.some((r) => r.k === 'a5' || r.k === 'b5'));
    });

    test('a constraint error inside one transaction does not abort its group', async () => {
      await s.db.run("INSERT INTO g (k, v) VALUES ('dup', 0)");
      const results = await Promise.allSettled([
        s.db.tx(async (tx) => tx.run("INSERT INTO g (k, v) VALUES ('c1', 1)"), GROUPED),
        s.db.tx(async (tx) => tx.run("INSERT INTO g (k, v) VALUES ('dup', 1)"), GROUPED),
        s.db.tx(async (tx) => tx.run("INSERT INTO g (k, v) VALUES ('c2', 2)"), GROUPED),
      ]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      const rows = await s.db.all<{ k: string }>("SELECT k FROM g WHERE k IN ('c1', 'c2', 'dup') ORDER BY k");
      assert.deepEqual(
        rows.map((r) => r.k),
        ['c1', 'c2', 'dup'],
      );
    });

    test('a run of grouped transactions shares a savepoint: one that throws has the run undone and run again one savepoint each', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS r (k TEXT PRIMARY KEY)');
      const calls: number[] = [];
      const job = (i: number, fail: boolean) => async (tx: Queryable) => {
        calls[i] = (calls[i] ?? 0) + 1;
        await tx.run('INSERT INTO r (k) VALUES (?)', [`r${i}`]);
        if (fail) throw new Error('refused');
        return i;
      };
      // Asked in one turn: on SQLite one group, cut in two runs by the transaction not asked GROUPED.
      const results = await Promise.allSettled([
        s.db.tx(job(0, false), GROUPED),
        s.db.tx(job(1, false), GROUPED),
        s.db.tx(job(2, false)),
        s.db.tx(job(3, false), GROUPED),
        s.db.tx(job(4, true), GROUPED),
        s.db.tx(job(5, false), GROUPED),
      ]);
      assert.deepEqual(
        results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
        [0, 1, 2, 3, 'refused', 5],
      );
      const rows = await s.db.all<{ k: string }>('SELECT k FROM r ORDER BY k');
      assert.deepEqual(
        rows.map((r) => r.k),
        ['r0', 'r1', 'r2', 'r3', 'r5'],
      );
      // Only the failing job's run is run again, and only up to the failure; the rest ran once.
      assert.equal(calls[2], 1);
      assert.equal(calls[5], 1);
      if (s.name === 'sqlite') assert.deepEqual(calls, [1, 1, 1, 2, 2, 1]);
    });

    test('afterCommit work runs once per transaction after its commit, and never for one rolled back', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS w (k TEXT PRIMARY KEY)');
      const seen: string[] = [];
      const wake = (tx: Queryable, tag: string) =>
        onceAfterCommit(tx, 'wake', () => {
          seen.push(tag);
        });
      await s.db.tx(async (tx) => {
        await tx.run("INSERT INTO w (k) VALUES ('w1')");
        wake(tx, 'first');
        wake(tx, 'second');
        assert.deepEqual(seen, []);
      });
      assert.deepEqual(seen, ['first']);
      assert.ok(await s.db.get("SELECT k FROM w WHERE k = 'w1'"));
      await assert.rejects(
        s.db.tx(async (tx) => {
          wake(tx, 'rolled back');
          throw new Error('no');
        }),
      );
      assert.deepEqual(seen, ['first']);
      wake(s.db, 'outside');
      assert.deepEqual(seen, ['first', 'outside']);
    });

    test("writeLater: a run's rows are written in one call at its end; an undone run's are dropped and written again by the jobs that stand", async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS l (k TEXT PRIMARY KEY, job INTEGER NOT NULL)');
      const writes: string[][] = [];
      const write = async (q: Queryable, rows: [string, number][]) => {
        writes.push(rows.map((r) => r[0]));
        for (const [k, job] of rows) await q.run('INSERT INTO l (k, job) VALUES (?, ?)', [k, job]);
      };
      const job = (i: number, fail: boolean) => async (tx: Queryable) => {
        await writeLater(tx, 'l', [`l${i}a`, i] as [string, number], write);
        await writeLater(tx, 'l', [`l${i}b`, i] as [string, number], write);
        if (fail) throw new Error('refused');
        return i;
      };
      const ok = await Promise.all([0, 1, 2].map((i) => s.db.tx(job(i, false), GROUPED)));
      assert.deepEqual(ok, [0, 1, 2]);
      // On SQLite the three were one run: one call. On PostgreSQL a run is whatever waited in the lane.
      if (s.name === 'sqlite') assert.deepEqual(writes, [['l0a', 'l0b', 'l1a', 'l1b', 'l2a', 'l2b']]);
      writes.length = 0;
      const results = await Promise.allSettled([3, 4, 5].map((i) => s.db.tx(job(i, i === 4), GROUPED)));
      assert.deepEqual(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      const rows = await s.db.all<{ k: string }>('SELECT k FROM l ORDER BY k');
      assert.deepEqual(
        rows.map((r) => r.k),
        ['l0a', 'l0b', 'l1a', 'l1b', 'l2a', 'l2b', 'l3a', 'l3b', 'l5a', 'l5b'],
      );
      // The refused job's rows were never written: its run was undone before the write, then each job
      // ran alone and wrote its own at its end.
      assert.ok(!writes.flat().includes('l4a'));
      if (s.name === 'sqlite')
        assert.deepEqual(writes, [
          ['l3a', 'l3b'],
          ['l5a', 'l5b'],
        ]);
      // Outside a transaction: written at once.
      await writeLater(s.db, 'l', ['l9', 9] as [string, number], write);
      assert.ok(await s.db.get("SELECT k FROM l WHERE k = 'l9'"));
    });

    test('oneShot kinds: written in key order (together on a pipelined connection); the first failure in key order is thrown', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS os (k TEXT PRIMARY KEY, n INTEGER NOT NULL)');
      const insert = async (q: Queryable, rows: string[]) => {
        await askAll(rows, (k) => q.run('INSERT INTO os (k, n) VALUES (?, 0)', [k]));
      };
      // Reads what the kind before it wrote: it must run after it.
      const bump = async (q: Queryable, rows: string[]) => {
        const r = await q.run(`UPDATE os SET n = n + 1 WHERE k IN (${marks(rows.length)})`, rows);
        if (r.changes !== rows.length) throw new Error(`bumped ${r.changes} of ${rows.length}`);
      };
      const count = async (q: Queryable, rows: string[]) => {
        const r = await q.get<{ n: number }>(
          'SELECT SUM(n) AS n FROM os WHERE k IN (' + marks(rows.length) + ')',
          rows,
        );
        if (Number(r?.n) !== rows.length) throw new Error(`counted ${r?.n}`);
      };
      const job = (k: string) => async (tx: Queryable) => {
        await writeLater(tx, 'os 1', k, insert, ONE_SHOT);
        await writeLater(tx, 'os 2', k, bump, ONE_SHOT);
        await writeLater(tx, 'os 3', k, count);
        return k;
      };
      assert.deepEqual(await Promise.all(['x', 'y', 'z'].map((k) => s.db.tx(job(k), GROUPED))), ['x', 'y', 'z']);
      const rows = await s.db.all<{ k: string; n: number }>(
        "SELECT k, n FROM os WHERE k IN ('x', 'y', 'z') ORDER BY k",
      );
      assert.deepEqual(
        rows.map((r) => [r.k, Number(r.n)]),
        [
          ['x', 1],
          ['y', 1],
          ['z', 1],
        ],
      );
      // 'x' again: the INSERT fails, and the bump after it (which would also throw: it is asked for
      // two rows where one exists) does not hide that failure.
      const fails = async (tx: Queryable) => {
        await writeLater(tx, 'os 1', 'x', insert, ONE_SHOT);
        await writeLater(tx, 'os 2', 'w', bump, ONE_SHOT);
      };
      await assert.rejects(s.db.tx(fails, GROUPED), (e: Error) => !/bumped/.test(e.message));
      assert.equal(Number((await s.db.get<{ n: number }>("SELECT n FROM os WHERE k = 'x'"))?.n), 1);
      assert.equal(await s.db.get("SELECT k FROM os WHERE k = 'w'"), undefined);
      // A oneShot writer that asks after an await would run after the next kinds on a pipelined
      // connection: refused there, and the transaction undone.
      const late = async (q: Queryable, rows: string[]) => {
        await Promise.resolve();
        await insert(q, rows);
      };
      const lateJob = s.db.tx(async (tx) => {
        await writeLater(tx, 'os 1', 'v', late, ONE_SHOT);
        await writeLater(tx, 'os 2', 'v', bump, ONE_SHOT);
      }, GROUPED);
      if (s.db.dialect === 'postgres') {
        await assert.rejects(lateJob, /after its turn/);
        assert.equal(await s.db.get("SELECT k FROM os WHERE k = 'v'"), undefined);
      } else await lateJob;
    });

    test("writeWaiting: the rows waiting under a key are written before a job's read, the others still at the run's end", async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS ww (k TEXT PRIMARY KEY)');
      const writes: string[][] = [];
      const write = (table: string) => async (q: Queryable, rows: string[]) => {
        writes.push(rows);
        for (const k of rows) await q.run(`INSERT INTO ${table} (k) VALUES (?)`, [k]);
      };
      const seen: number[] = [];
      // Asked in one turn: one run on SQLite; on PostgreSQL the first goes alone, the four after it wait as one.
      const jobs = [0, 1, 2, 3, 4].map((i) =>
        s.db.tx(async (tx) => {
          await writeLater(tx, 'w', `w${i}`, write('ww'));
          await writeLater(tx, 'x', `x${i}`, write('ww'));
          if (i === 3) {
            await writeWaiting(tx, 'w');
            seen.push(Number((await tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM ww WHERE k LIKE 'w%'"))!.n));
          }
        }, GROUPED),
      );
      await Promise.all(jobs);
      // Job 3 saw its own row and those of the jobs of its run before it (all of them on SQLite).
      assert.ok(seen[0]! >= 1 && seen[0]! <= 4, `saw ${seen[0]}`);
      if (s.name === 'sqlite')
        assert.deepEqual(writes, [['w0', 'w1', 'w2', 'w3'], ['w4'], ['x0', 'x1', 'x2', 'x3', 'x4']]);
      assert.equal(Number((await s.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ww'))!.n), 10);
    });

    test('writeWaiting with `needed`: the rows wait on unless one of them is needed', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS wn (k TEXT PRIMARY KEY)');
      const writes: string[][] = [];
      const write = async (q: Queryable, rows: string[]) => {
        writes.push(rows);
        for (const k of rows) await q.run('INSERT INTO wn (k) VALUES (?)', [k]);
      };
      const count = async (tx: Queryable) => Number((await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM wn'))!.n);
      const seen: number[] = [];
      // Asked in one turn, a run of one transaction: written as one at the run's end unless needed.
      await s.db.tx(async (tx) => {
        await writeLater(tx, 'n', 'n0', write);
        await writeLater(tx, 'n', 'n1', write);
        await writeWaiting<string>(tx, 'n', (k) => k === 'elsewhere');
        seen.push(await count(tx));
        await writeWaiting<string>(tx, 'n', (k) => k === 'n1');
        seen.push(await count(tx));
        await writeLater(tx, 'n', 'n2', write);
      }, GROUPED);
      assert.deepEqual(seen, [0, 2]);
      assert.deepEqual(writes, [['n0', 'n1'], ['n2']]);
    });

    // PostgreSQL only: a backend reports its tables' counters when it goes idle (store/postgres.ts runLane).
    if (s.name === 'postgres')
      test("a steady load: the lane still goes idle once a second, so its tables' changes reach the statistics views", async () => {
        await s.db.exec('CREATE TABLE IF NOT EXISTS steady (id SERIAL PRIMARY KEY, v INTEGER NOT NULL)');
        // Each job asks for the next from inside its group: when a group commits, the next one's jobs
        // are waiting, so the lane chains its transactions (`COMMIT; BEGIN`) for as long as this lasts.
        let stop = false;
        const asked: Promise<unknown>[] = [];
        const write = (): Promise<unknown> =>
          s.db.tx(async (tx) => {
            if (!stop) asked.push(write());
            await tx.run('INSERT INTO steady (v) VALUES (1)');
          }, GROUPED);
        for (let i = 0; i < 4; i++) asked.push(write());
        const reported = async () =>
          Number(
            (
              await s.db.get<{ n: number }>(
                "SELECT n_tup_ins AS n FROM pg_stat_user_tables WHERE relid = 'steady'::regclass",
              )
            )?.n ?? 0,
          );
        let seen = 0;
        const deadline = Date.now() + 6_000;
        try {
          while (Date.now() < deadline && (seen = await reported()) === 0) await sleep(100);
        } finally {
          stop = true;
          for (let i = 0; i < asked.length; i++) await asked[i];
        }
        assert.ok(seen > 0, 'inserts reported while the writers kept the lane busy');
      });

    test('atCommit statements run once per transaction, with its commit, in key order', async () => {
      await s.db.exec('CREATE TABLE IF NOT EXISTS h (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, last TEXT)');
      await s.db.run("INSERT INTO h (id, n, last) VALUES (1, 0, '')");
      const bump = (q: Parameters<typeof atCommit>[0], key = 'h') =>
        atCommit(q, key, `UPDATE h SET n = n + 1, last = '${key}' WHERE id = 1`);
      const read = async () => (await s.db.get<{ n: number; last: string }>('SELECT n, last FROM h WHERE id = 1'))!;
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 6 }, () =>
          s.db.tx(async (tx) => {
            await bump(tx);
            await bump(tx);
            seen.push(Number((await tx.get<{ n: number }>('SELECT n FROM h WHERE id = 1'))!.n));
          }, GROUPED),
        ),
      );
      const n = Number((await read()).n);
      assert.ok(n >= 1 && n <= 6, `ran ${n} times for 6 transactions`);
      assert.ok(
        seen.every((v) => v < n),
        'not run before the commit',
      );
      // Keys in order, whatever order they were asked in; outside a transaction, at once.
      await s.db.tx(async (tx) => {
        await bump(tx, 'k2');
        await bump(tx, 'k1');
      });
      const r = await read();
      assert.deepEqual({ n: Number(r.n), last: r.last }, { n: n + 2, last: 'k2' });
      await bump(s.db);
      assert.equal(Number((await read()).n), n + 3);
      // A failing statement fails the commit: nothing the transaction wrote stays.
      await assert.rejects(
        s.db.tx(async (tx) => {
          await tx.run("UPDATE h SET last = 'written' WHERE id = 1");
          await atCommit(tx, 'bad', 'INSERT INTO no_such_table (id) VALUES (1)');
        }),
      );
      assert.equal((await read()).last, 'h');
    });
  });
}
