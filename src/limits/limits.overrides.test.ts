import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { shareOverrides } from './limits.overrides.js';
import type { Endpoint } from './limits.state.js';
import type { Limits } from './limits.table.js';
import { heldReads, oneNodeCluster, turn } from '../cluster/shared-state.fixture.js';

/** rate_limit_overrides in a Map; a read answers with the rows there when it was sent (`reads` may hold it). */
function overridesDb() {
  const rows = new Map<string, string>();
  const reads = heldReads();
  const db = {
    embedded: false,
    dialect: 'postgres',
    async all() {
      const now = [...rows].map(([endpoint, limits]) => ({ endpoint, limits }));
      await reads.wait();
      return now;
    },
    async run(sql: string, params: string[]) {
      if (sql.startsWith('INSERT')) rows.set(params[0]!, params[1]!);
      else rows.delete(params[0]!);
      return { changes: 1 };
    },
  };
  return { db, reads };
}

test('an overrides read sent before this node changes an endpoint is made again, not applied', async () => {
  const store = overridesDb();
  const { cluster, fromOthers } = oneNodeCluster();
  const table: Limits = { app: { limit: 300, ms: 900_000 } };
  const ep: Endpoint = { key: 'GET /2/users/me', family: 'v2', table, limits: table, capped: false };
  const state = { endpoints: new Map([[ep.key, ep]]), changed: async (_ep: Endpoint) => undefined };
  const deps = {
    db: store.db,
    runtime: { limits: state },
    cluster,
  } as unknown as Deps;
  await shareOverrides(deps);

  // Another node's change of the endpoint is announced; this node's read is slow to answer …
  store.reads.hold();
  const reloaded = fromOthers('rate-limits', ep.key);
  await turn();
  // … while the control API gives the endpoint new numbers here (limits.admin.ts: set, then changed).
  const mine: Limits = { app: { limit: 5, ms: 900_000 } };
  ep.limits = mine;
  const changed = state.changed(ep);
  await turn();
  store.reads.release();
  await Promise.all([reloaded, changed]);
  assert.deepEqual(ep.limits, mine);
});
