// Migrations renumbered without re-running or skipping anything: a store that recorded a migration
// under its old id (`formerly`, src/store/migrations/index.ts) keeps it applied, under the new id.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClock } from '../../src/shared/clock.js';
import { migrate } from '../../src/store/migrate.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import type { Db } from '../../src/store/index.js';
import { forEachStore } from '../support/server.js';
import { openTestStore } from '../support/store.js';

forEachStore('migrate', (kind) => {
  const clock = createClock();
  let db: Db;
  let dispose: () => Promise<void>;

  before(async () => {
    ({ db, dispose } = await openTestStore(kind, clock));
  });
  after(async () => {
    await dispose();
  });

  const recorded = async () =>
    (await db.all<{ id: string }>('SELECT id FROM aviary_migrations ORDER BY id')).map((r) => r.id);

  test('a store that recorded the old numbers runs nothing again and ends with the new ids', async () => {
    const renumbered = MIGRATIONS.filter((m) => m.formerly);
    assert.ok(renumbered.length > 0);
    for (const m of renumbered) await db.run('UPDATE aviary_migrations SET id = ? WHERE id = ?', [m.formerly!, m.id]);
    // Running any of them again would fail (their tables and indexes exist) or be listed as applied.
    assert.deepEqual(await migrate(db, clock), []);
    assert.deepEqual(
      await recorded(),
      MIGRATIONS.map((m) => m.id),
    );
  });

  test('a migration known under an old id is not run; one recorded under neither id is', async () => {
    await db.run('INSERT INTO aviary_migrations (id, applied_at) VALUES (?, ?)', ['9000_probe_old', clock.wall()]);
    const probes = [
      { id: '9001_probe', formerly: '9000_probe_old', sql: 'CREATE TABLE probe_renamed (x TEXT)' },
      { id: '9002_probe', formerly: '9000_never_recorded', sql: 'CREATE TABLE probe_pending (x TEXT)' },
    ];
    assert.deepEqual(await migrate(db, clock, probes), ['9002_probe']);
    const tables = await db.tables();
    assert.ok(tables.includes('probe_pending'));
    assert.ok(!tables.includes('probe_renamed'));
    const ids = await recorded();
    assert.ok(ids.includes('9001_probe') && ids.includes('9002_probe'));
    assert.ok(!ids.includes('9000_probe_old'));
  });

  // Migration 0043: an ANALYZE of a young posts table could store a small absolute count of distinct
  // edit roots, and the counters' UPDATE of edit chains then scanned the whole table (issue #23).
  if (kind === 'postgres')
    test('posts.edit_root_id is estimated nine in ten distinct, whatever an ANALYZE samples', async () => {
      const option = await db.get<{ o: string[] }>(
        "SELECT attoptions AS o FROM pg_attribute WHERE attrelid = 'posts'::regclass AND attname = 'edit_root_id'",
      );
      assert.ok(option?.o?.includes('n_distinct=-0.9'), String(option?.o));
      // Twenty chains of ten versions: an ANALYZE of its own would store 20 distinct roots. Inside a
      // transaction that is then undone, so the store is left empty.
      const seen = await db
        .tx(async (tx) => {
          await tx.run(
            `INSERT INTO posts (id, seq, author_id, text, created_at, conversation_id, lang, source, display_end,
               edit_root_id, edit_history)
             SELECT g::text, lpad(g::text, 19, '0'), '1', 't', 0, g::text, 'en', 'test', 1, (g % 20)::text, '[]'
             FROM generate_series(1, 200) g`,
          );
          await tx.run('ANALYZE posts');
          const stats = await tx.get<{ n: number }>(
            "SELECT n_distinct AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'posts' AND attname = 'edit_root_id'",
          );
          throw Object.assign(new Error('undo'), { seen: Number(stats?.n) });
        })
        .catch((e: { seen?: number }) => e.seen);
      assert.equal(seen, -0.9);
    });
});
