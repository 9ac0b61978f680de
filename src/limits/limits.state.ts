// One server's limits (Runtime `limits`): the counters, the post-read tallies, and every mounted
// endpoint with the numbers it is held to (the table's, or the control API's override).
import type { RuntimeBase } from '../deps.js';
import { createCounters, type Counters } from './limits.counters.js';
import type { Limits } from './limits.table.js';
import { createReads, type Reads } from './usage.tally.js';

/** A mounted endpoint; `limits` is read on every request, so an override takes effect at once. */
export type Endpoint = {
  /** `METHOD /route/template` (Ads paths without their version: `GET accounts/:account_id/campaigns`). */
  key: string;
  family: 'v2' | 'ads' | 'oauth';
  /** The table's numbers. */
  table: Limits;
  limits: Limits;
  /** Its Posts count towards the monthly cap. */
  capped: boolean;
};

export type LimitsState = {
  counters: Counters;
  reads: Reads;
  endpoints: Map<string, Endpoint>;
  /**
   * Called once the control API changed an endpoint's numbers. One process: nothing more to do. Nodes
   * sharing PostgreSQL: stored, and applied by every node before it returns (limits.overrides.ts).
   */
  changed(ep: Endpoint): Promise<void>;
  stop(): Promise<void>;
};

declare module '../deps.js' {
  interface Runtime {
    limits: LimitsState;
  }
}

export function createLimits(base: RuntimeBase): LimitsState {
  const counters = createCounters(base);
  const reads = createReads(base);
  return {
    counters,
    reads,
    endpoints: new Map(),
    async changed() {},
    async stop() {
      await counters.stop();
      await reads.stop();
    },
  };
}
