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
    /** limitsRepo.addReads: (app, day, posts) triples. */
    async run(_sql: string, params: (string | number)[]) {
      await gate;
      for (let i = 0; i < params.length; i += 3) {
        const [app, day, n] = params.slice(i, i + 3) as [string, string, number];
        rows.set(`${app} ${day}`, (rows.get(`${app} ${day}`) ?? 0) + n);
      }
      return { changes: params.length / 3 };
    },
    /** limitsRepo.monthReadsOf: the month's pattern, then the apps. */
    async all(_sql: string, [month, ...apps]: string[]) {
      return apps.map((app) => {
        let n = 0;
        for (const [k, v] of rows) if (k.startsWith(`${app} ${month!.slice(0, 7)}`)) n += v;
        return { app_id: app, n };
      });
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

test("one flush writes every app's days and reads back each app's month", async () => {
  const store = slowStore();
  let now = Date.UTC(2031, 5, 30, 23);
  const clock: Clock = { now: () => now, wall: () => 0, mode: () => 'virtual' };
  const reads = createReads({ db: store.db, clock });
  store.rows.set('b 2031-06-01', 5); // written earlier (another process, say)
  reads.add('a', ['1', '2']);
  reads.add('b', ['1']);
  now = Date.UTC(2031, 6, 1, 1); // July: a's and b's June reads stay June's
  reads.add('a', ['1', '3']); // a new day: '1' counts again
  await reads.flush();
  assert.deepEqual(Object.fromEntries(store.rows), {
    'b 2031-06-01': 5,
    'a 2031-06-30': 2,
    'b 2031-06-30': 1,
    'a 2031-07-01': 2,
  });
  assert.equal(await reads.monthUsed('a'), 2);
  assert.equal(await reads.monthUsed('b'), 0);
  await reads.stop();
});
