import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { Config } from '../config/index.js';
import { createClock } from '../shared/clock.js';
import { createIds } from '../shared/ids.js';
import { createScheduler } from '../shared/scheduler.js';
import type { Db } from '../store/index.js';
import { startClusterNode } from './node.js';
import { heldReads, turn } from './shared-state.fixture.js';

/** aviary_settings in a Map; a read answers with the value there when it was sent (`reads` may hold it). */
function settingsDb() {
  const settings = new Map<string, string>();
  const reads = heldReads();
  const db = {
    embedded: true,
    dialect: 'sqlite',
    async get(_sql: string, params: [string]) {
      const value = settings.get(params[0]);
      if (params[0] === 'clock') await reads.wait();
      return value === undefined ? undefined : { value };
    },
    async run(_sql: string, params: [string, string]) {
      settings.set(params[0], params[1]);
      return { changes: 1 };
    },
    async all() {
      return [];
    },
  };
  return { db: db as unknown as Db, reads };
}

test('a resync whose read began before a clock change does not set the clock back to what it read', async () => {
  mock.timers.enable({ apis: ['setInterval'] });
  const clock = createClock(() => 1_700_000_000_000);
  const scheduler = createScheduler(clock);
  const store = settingsDb();
  const node = await startClusterNode({
    config: { nodeName: 'a', databaseUrl: null, databaseSchema: null } as Config,
    db: store.db,
    clock,
    scheduler,
    ids: createIds(clock, 0),
    workerId: 0,
  });
  try {
    await scheduler.advance(60_000);
    await node.clockChanged();
    const first = clock.now();

    // The periodic resync reads the stored clock (the first change) and is slow to answer …
    store.reads.hold();
    mock.timers.tick(5_000);
    // … while the control API advances the clock again and stores the new state.
    await scheduler.advance(1_000);
    await node.clockChanged();
    store.reads.release();
    for (let i = 0; i < 5; i++) await turn();

    assert.equal(clock.now(), first + 1_000);
    assert.equal(clock.mode(), 'virtual');
  } finally {
    await node.stop();
    scheduler.stop();
    mock.timers.reset();
  }
});
