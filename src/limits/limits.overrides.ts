// Rate-limit overrides on nodes sharing one PostgreSQL (issue #22 part 4, ADR 0019 amended): the numbers
// `PUT /_aviary/rate-limits` gives an endpoint are stored (`rate_limit_overrides`, the endpoint's whole
// Limits as JSON; a return to the table's numbers deletes the row) and broadcast; every node reads the
// endpoint's row and holds its requests to it before the PUT answers (cluster/node.ts, acknowledged).
// A node reads every override when it starts and after its listening connection comes back. Counters
// were shared already (limits.counters.ts). The embedded store keeps overrides in memory, as before.
import type { Deps } from '../deps.js';
import { limitsRepo } from './limits.repo.js';
import type { Limits } from './limits.table.js';

const TOPIC = 'rate-limits';

/** Call once the routes are mounted (their endpoints are known) and the cluster node has started. */
export async function shareOverrides(deps: Deps): Promise<void> {
  if (deps.db.embedded) return;
  const { db, cluster } = deps;
  const state = deps.runtime.limits;

  /** Loads run one at a time, so that an older read never replaces a newer. */
  let chain: Promise<unknown> = Promise.resolve();
  /** This node's own changes: counted as the PUT sets them here, and their writes to the store. */
  let changes = 0;
  let writing: Promise<unknown> = Promise.resolve();

  /**
   * Applies the stored overrides of `endpoint` (all when absent); an endpoint without a row keeps the
   * table's. A read sent before a change of this node's (the PUT sets the numbers here, then writes
   * them) may answer from before it and would put the old numbers back: it is made again once the
   * change is written.
   */
  function load(endpoint?: string): Promise<void> {
    const run = chain.then(async () => {
      let seen: number;
      let rows: Map<string, string>;
      do {
        await writing;
        seen = changes;
        rows = new Map((await limitsRepo.overrides(db, endpoint)).map((r) => [r.endpoint, r.limits]));
      } while (seen !== changes);
      const eps = endpoint === undefined ? [...state.endpoints.values()] : [state.endpoints.get(endpoint)];
      for (const ep of eps) {
        if (!ep) continue;
        const row = rows.get(ep.key);
        ep.limits = row === undefined ? ep.table : (JSON.parse(row) as Limits);
      }
    });
    chain = run.catch(() => undefined);
    return run;
  }

  state.changed = async (ep) => {
    changes++;
    const write =
      ep.limits === ep.table
        ? limitsRepo.dropOverride(db, ep.key)
        : limitsRepo.putOverride(db, ep.key, JSON.stringify(ep.limits));
    writing = Promise.allSettled([writing, write]);
    await write;
    await cluster.broadcast(TOPIC, ep.key);
  };
  cluster.onBroadcast(TOPIC, (endpoint) => load(endpoint));
  cluster.signals.onReconnect(() => void load().catch(() => undefined));
  await load();
}
