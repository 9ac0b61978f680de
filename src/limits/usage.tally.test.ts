// The write-behind of Posts read (usage.tally.ts): a flush asked for while another is writing waits
// for it and writes what was counted since, so GET /2/usage/tweets answers every read counted before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Clock } from '../shared/clock.js';
import type { Db } from '../store/index.js';
import { createReads } from './usage.tally.js';

/** A store of post_reads rows whose writes wait until `release` is called. */
function slowStore() {
  const rows = new Map<string, number>();
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const db = {
    embedded: true,
    async run(_sql: string, [app, day, n]: [string, string, number]) {
      await gate;
      rows.set(`${app} ${day}`, (rows.get(`${app} ${day}`) ?? 0) + n);
      return { changes: 1 };
    },
    async get(_sql: string, [app, month]: [string, string]) {
      let n = 0;
      for (const [k, v] of rows) if (k.startsWith(`${app} ${month.slice(0, 7)}`)) n += v;
      return { n };
    },
    async all() {
      return [];
    },
  } as unknown as Db;
  return {
    db,
    rows,
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release: () => open(),
  };
}

test('a flush asked for during a write also writes what was counted after that write began', async () => {
  const store = slowStore();
  const clock: Clock = { now: () => Date.UTC(2031, 5, 10), wall: () => 0, mode: () => 'virtual' };
  const reads = createReads({ db: store.db, clock });
  reads.add('app', ['1', '2']);
  store.hold();
  const first = reads.flush(); // writes the first two, held at the store
  reads.add('app', ['3']);
  const second = reads.flush();
  store.release();
  await Promise.all([first, second]);
  assert.equal(store.rows.get('app 2031-06-10'), 3);
  assert.equal(await reads.monthUsed('app'), 3);
  await reads.stop();
});
