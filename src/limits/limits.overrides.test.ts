import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { shareOverrides } from './limits.overrides.js';
import type { Endpoint } from './limits.state.js';
import type { Limits } from './limits.table.js';

/** rate_limit_overrides in a Map; while `held`, a read waits, answering the rows there when it was sent. */
function overridesDb() {
  const rows = new Map<string, string>();
  let held: (() => void)[] | null = null;
  const db = {
    embedded: false,
    dialect: 'postgres',
    async all() {
      const now = [...rows].map(([endpoint, limits]) => ({ endpoint, limits }));
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return now;
    },
    async run(sql: string, params: string[]) {
      if (sql.startsWith('INSERT')) rows.set(params[0]!, params[1]!);
      else rows.delete(params[0]!);
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

test('an overrides read sent before this node changes an endpoint is made again, not applied', async () => {
  const store = overridesDb();
  let onChanged: (endpoint: string) => Promise<void> = async () => undefined;
  const table = { app: { limit: 300, windowMs: 900_000 } } as unknown as Limits;
  const ep: Endpoint = { key: 'GET /2/users/me', family: 'v2', table, limits: table, capped: false };
  const state = { endpoints: new Map([[ep.key, ep]]), changed: async (_ep: Endpoint) => undefined };
  const deps = {
    db: store.db,
    runtime: { limits: state },
    cluster: {
      broadcast: async () => ({ unacknowledged: [] }),
      onBroadcast: (_topic: string, fn: (endpoint: string) => Promise<void>) => void (onChanged = fn),
      signals: { onReconnect: () => undefined },
    },
  } as unknown as Deps;
  await shareOverrides(deps);

  // Another node's change of the endpoint is announced; this node's read is slow to answer …
  store.hold();
  const reloaded = onChanged(ep.key);
  await turn();
  // … while the control API gives the endpoint new numbers here (limits.admin.ts: set, then changed).
  const mine = { app: { limit: 5, windowMs: 900_000 } } as unknown as Limits;
  ep.limits = mine;
  const changed = state.changed(ep);
  await turn();
  store.release();
  await Promise.all([reloaded, changed]);
  assert.deepEqual(ep.limits, mine);
});
