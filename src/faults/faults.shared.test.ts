import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { createClock } from '../shared/clock.js';
import { newRule } from './faults.rules.fixture.js';
import { createFaults } from './faults.service.js';
import { shareFaults } from './faults.shared.js';
import { heldReads, oneNodeCluster, turn } from '../cluster/shared-state.fixture.js';

/** fault_rules in an array; a read answers with the rows there when it was sent (`reads` may hold it). */
function rulesDb() {
  const rows: { id: string; rule: string; matched: number; fired: number }[] = [];
  const reads = heldReads();
  const db = {
    embedded: false,
    dialect: 'postgres',
    async all() {
      const now = rows.map((r) => ({ ...r }));
      await reads.wait();
      return now;
    },
    async run(sql: string, params: string[]) {
      if (sql.startsWith('INSERT')) rows.push({ id: params[0]!, rule: params[1]!, matched: 0, fired: 0 });
      else if (sql.startsWith('DELETE')) rows.splice(0, rows.length, ...rows.filter((r) => r.id !== params[0]));
      return { changes: 1 };
    },
  };
  return { db, reads };
}

test('a rules read sent before this node adds or deletes a rule is made again, not adopted', async () => {
  const store = rulesDb();
  const { cluster, fromOthers } = oneNodeCluster();
  const clock = createClock(() => 1_700_000_000_000);
  const base = { clock, db: store.db, config: {}, ids: {} } as unknown as Deps;
  const faults = createFaults(base);
  const deps = {
    ...base,
    runtime: { faults },
    cluster,
  } as unknown as Deps;
  await shareFaults(deps);
  try {
    // Another node's change is announced; this node's read of the rules is slow to answer …
    store.reads.hold();
    let reloaded = fromOthers('faults', 'changed');
    await turn();
    // … while the control API adds a rule here.
    const added = await faults.add(newRule({ id: 'r1' }));
    store.reads.release();
    await reloaded;
    assert.deepEqual(
      faults.rules.map((r) => r.id),
      [added.id],
      'the rule just added stays',
    );

    store.reads.hold();
    reloaded = fromOthers('faults', 'changed');
    await turn();
    assert.equal(await faults.remove(added.id), true);
    store.reads.release();
    await reloaded;
    assert.deepEqual(faults.rules, [], 'the rule just deleted does not come back');
  } finally {
    await faults.stop();
  }
});
