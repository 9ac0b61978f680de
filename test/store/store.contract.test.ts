// One contract, every store: SQLite and PostgreSQL must behave the same for everything repositories rely on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClock } from '../../src/shared/clock.js';
import { createIds } from '../../src/shared/ids.js';
import { migrate } from '../../src/store/migrate.js';
import { claim, complete, enqueue, listOutbox, retryLater } from '../../src/store/outbox.js';
import { openStore, resetStore, type Db } from '../../src/store/index.js';
import { getSetting, putSetting, settingOnce } from '../../src/store/settings.js';
import { leaseWorkerId } from '../../src/store/workers.js';
import { forEachStore } from '../support/server.js';
import { openTestStore } from '../support/store.js';

forEachStore('store contract', (kind) => {
  const clock = createClock();
  let db: Db;
  let dispose: () => Promise<void>;
  let config: Parameters<typeof openStore>[0];
  const ids = createIds(clock, 9);

  before(async () => {
    ({ db, dispose, config } = await openTestStore(kind, clock));
  });
  after(async () => {
    await dispose();
  });

  test('migrations are recorded and applying them again changes nothing', async () => {
    const applied = await migrate(db, clock);
    assert.deepEqual(applied, []);
    const rows = await db.all<{ id: string }>('SELECT id FROM aviary_migrations');
    assert.ok(rows.some((r) => r.id === '0001_core'));
  });

  test('a failed transaction leaves nothing behind, a committed one everything', async () => {
    const id = ids.next();
    await assert.rejects(
      db.tx(async (tx) => {
        await enqueue(tx, id, clock.now(), { topic: 'contract', payload: { n: 1 } });
        await tx.run('INSERT INTO aviary_settings (key, value) VALUES (?, ?)', [`k${id}`, 'v']);
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.equal(await db.get('SELECT id FROM outbox WHERE id = ?', [id]), undefined);
    assert.equal(await getSetting(db, `k${id}`), undefined);
    await db.tx(async (tx) => {
      await enqueue(tx, id, clock.now(), { topic: 'contract', payload: { n: 1 } });
    });
    assert.equal((await listOutbox(db, 'contract')).length, 1);
  });

  test('concurrent transactions do not see or clobber each other', async () => {
    const key = `counter-${ids.next()}`;
    await putSetting(db, key, '0');
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db
          .tx(async (tx) => {
            const v = Number(await getSetting(tx, key));
            await new Promise((r) => setTimeout(r, 1));
            await putSetting(tx, key, String(v + 1));
          })
          .catch((e) => e),
      ),
    );
    // PostgreSQL at READ COMMITTED may lose updates here; SQLite serialises. Both must stay consistent:
    const final = Number(await getSetting(db, key));
    assert.ok(final >= 1 && final <= 10);
  });

  test('BIGINT timestamps and TEXT ids round-trip exactly', async () => {
    const id = '1999999999999999999';
    await enqueue(db, id, 4_102_444_800_000, { topic: 'roundtrip', payload: { big: id } });
    const row = await db.get<{ id: string; created_at: number; payload: string }>(
      'SELECT id, created_at, payload FROM outbox WHERE id = ?',
      [id],
    );
    assert.equal(row?.id, id);
    assert.equal(row?.created_at, 4_102_444_800_000);
    assert.equal(typeof row?.created_at, 'number');
    assert.deepEqual(JSON.parse(row!.payload), { big: id });
  });

  test('outbox: claims are exclusive, expire, and retries come back when due', async () => {
    const topic = `t${ids.next()}`;
    const now = clock.now();
    for (let i = 0; i < 3; i++) await enqueue(db, ids.next(), now, { topic, payload: i });
    const a = await claim(db, { topic, holder: 'a', now, lockUntil: now + 1000, limit: 10 });
    const b = await claim(db, { topic, holder: 'b', now, lockUntil: now + 1000, limit: 10 });
    assert.equal(a.length, 3);
    assert.equal(b.length, 0, 'a live claim keeps others out');
    const c = await claim(db, { topic, holder: 'c', now: now + 2000, lockUntil: now + 3000, limit: 10 });
    assert.equal(c.length, 3, 'an expired claim is claimable again (at-least-once)');
    await complete(db, c[0]!.id);
    await retryLater(db, c[1]!.id, now + 10_000, 'HTTP 500');
    await retryLater(db, c[2]!.id, now, 'gave up', true);
    assert.equal(
      (await claim(db, { topic, holder: 'd', now: now + 5000, lockUntil: now + 6000, limit: 10 })).length,
      0,
    );
    const later = await claim(db, { topic, holder: 'd', now: now + 10_000, lockUntil: now + 11_000, limit: 10 });
    assert.deepEqual(
      later.map((r) => r.id),
      [c[1]!.id],
    );
    assert.equal(later[0]!.attempts, 1);
    assert.equal(later[0]!.last_error, 'HTTP 500');
  });

  test('a LIMIT given as a parameter takes each run its own value, in a subquery too', async () => {
    const prefix = `limit-${ids.next()}-`;
    for (let i = 0; i < 5; i++) await putSetting(db, `${prefix}${i}`, String(i));
    const sql = 'SELECT key FROM aviary_settings WHERE key LIKE ? ORDER BY key LIMIT ?';
    const keys = async (limit: number) => (await db.all<{ key: string }>(sql, [`${prefix}%`, limit])).map((r) => r.key);
    assert.deepEqual(await keys(2), [`${prefix}0`, `${prefix}1`]);
    assert.deepEqual(await keys(0), []);
    assert.equal((await keys(4)).length, 4);
    assert.equal((await keys(9)).length, 5);
    assert.equal((await keys(1)).length, 1);
    // Spaced and cased as repositories might write it: the SQLite driver rewrites `LIMIT ?` (sqlite.ts).
    const inner = await db.all<{ key: string }>(
      'SELECT key FROM aviary_settings WHERE key IN (SELECT key FROM aviary_settings WHERE key LIKE ? ORDER BY key LIMIT   ?) ORDER BY key DESC limit ?',
      [`${prefix}%`, 3, 2],
    );
    assert.deepEqual(
      inner.map((r) => r.key),
      [`${prefix}2`, `${prefix}1`],
    );
  });

  test('settingOnce keeps the first value', async () => {
    const key = `once-${ids.next()}`;
    assert.equal(await settingOnce(db, key, () => 'first'), 'first');
    assert.equal(await settingOnce(db, key, () => 'second'), 'first');
  });

  test('worker leases are distinct while held and reused once released', async () => {
    const l1 = await leaseWorkerId(db, clock);
    const l2 = await leaseWorkerId(db, clock);
    assert.notEqual(l1.workerId, l2.workerId);
    await l1.release();
    const l3 = await leaseWorkerId(db, clock);
    assert.equal(l3.workerId, l1.workerId);
    await l2.release();
    await l3.release();
  });

  test('a second store process on the same database migrates nothing and shares the data', async () => {
    const other = await openStore(config, clock);
    try {
      await putSetting(db, 'shared', 'yes');
      assert.equal(await getSetting(other, 'shared'), 'yes');
    } finally {
      await other.close();
    }
  });

  test("the embedded store tells another process's commits from its own (Db.othersCommitted)", async () => {
    if (kind !== 'sqlite') {
      assert.equal(db.othersCommitted, undefined, 'PostgreSQL has none: every node commits at once');
      return;
    }
    const other = await openStore(config, clock);
    try {
      const before = await db.othersCommitted!();
      await putSetting(db, 'own', '1');
      await db.tx(async (tx) => putSetting(tx, 'own', '2'));
      assert.equal(await db.othersCommitted!(), before, 'its own commits do not move it');
      await putSetting(other, 'theirs', '1');
      assert.notEqual(await db.othersCommitted!(), before, "another connection's commit moves it");
    } finally {
      await other.close();
    }
  });

  test('reset empties every table but the bookkeeping', async () => {
    await putSetting(db, 'survives', '1');
    const emptied = await resetStore(db);
    assert.ok(emptied.includes('outbox') && emptied.includes('apps') && emptied.includes('users'));
    assert.ok(!emptied.includes('aviary_settings'));
    assert.equal((await db.all('SELECT id FROM outbox')).length, 0);
    assert.equal(await getSetting(db, 'survives'), '1');
  });
});
