import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { createClock } from '../shared/clock.js';
import type { NewRule } from './faults.rules.js';
import { createFaults } from './faults.service.js';
import { shareFaults } from './faults.shared.js';

/** fault_rules in an array; while `held`, a read waits, answering the rows there when it was sent. */
function rulesDb() {
  const rows: { id: string; rule: string; matched: number; fired: number }[] = [];
  let held: (() => void)[] | null = null;
  const db = {
    embedded: false,
    dialect: 'postgres',
    async all() {
      const now = rows.map((r) => ({ ...r }));
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return now;
    },
    async run(sql: string, params: string[]) {
      if (sql.startsWith('INSERT')) rows.push({ id: params[0]!, rule: params[1]!, matched: 0, fired: 0 });
      else if (sql.startsWith('DELETE')) rows.splice(0, rows.length, ...rows.filter((r) => r.id !== params[0]));
      return { changes: 1 };
    },
  };
  return {
    db,
    hold: () => void (held = []),
    release: () => {
      for (const resolve of held ?? []) resolve();
      held = null;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

const RULE = {
  target: 'request',
  action: 'error',
  match: {},
  answer: { status: 503 },
  latency_ms: 0,
  disconnect_type: null,
  probability: 1,
  count: null,
  expires_at: null,
} satisfies Omit<NewRule, 'id' | 'created_at' | 'seed'>;

test('a rules read sent before this node adds or deletes a rule is made again, not adopted', async () => {
  const store = rulesDb();
  let onChanged: (what: string) => Promise<void> = async () => undefined;
  const clock = createClock(() => 1_700_000_000_000);
  const base = { clock, db: store.db, config: {}, ids: {} } as unknown as Deps;
  const faults = createFaults(base);
  const deps = {
    ...base,
    runtime: { faults },
    cluster: {
      broadcast: async () => ({ unacknowledged: [] }),
      onBroadcast: (_topic: string, fn: (what: string) => Promise<void>) => void (onChanged = fn),
      signals: { onReconnect: () => undefined },
    },
  } as unknown as Deps;
  await shareFaults(deps);
  try {
    // Another node's change is announced; this node's read of the rules is slow to answer …
    store.hold();
    let reloaded = onChanged('changed');
    await turn();
    // … while the control API adds a rule here.
    const added = await faults.add({ ...RULE, id: 'r1', seed: 0, created_at: 0 });
    store.release();
    await reloaded;
    assert.deepEqual(
      faults.rules.map((r) => r.id),
      [added.id],
      'the rule just added stays',
    );

    store.hold();
    reloaded = onChanged('changed');
    await turn();
    assert.equal(await faults.remove(added.id), true);
    store.release();
    await reloaded;
    assert.deepEqual(faults.rules, [], 'the rule just deleted does not come back');
  } finally {
    await faults.stop();
  }
});
