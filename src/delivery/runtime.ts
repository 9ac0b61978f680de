// Per-server state of the delivery machinery (Runtime `delivery`, made by main.ts): the outgoing
// HTTP client and the hooks that let a writer wake the workers at once. A source event has two
// readers in this process (the fan-out and the streams' tail, ADR 0008), so a hook may be wired by
// several of them; each is called.
import type { RuntimeBase } from '../deps.js';
import type { Handoff } from './deliveries.js';
import type { HttpClient } from './http.js';
import { createThreadedHttpClient } from './http.thread.js';

export type DeliveryRuntime = {
  http: HttpClient;
  /**
   * Wakes the readers of source topics (fan-out, streams): something was written in this process.
   * `settled`: it was written settled, and only the readers of every row (the streams) need waking.
   */
  nudgeDispatch(o?: { settled?: boolean }): void;
  /** Wakes the delivery worker (delivery rows were written). */
  nudgeDelivery(): void;
  /**
   * Before writing `n` delivery rows: the lock to write them with, so that this process's worker
   * sends them as soon as the writer commits (deliveries.ts `Handoff`); unclaimed without a worker.
   */
  reserve(n: number): Handoff;
  /**
   * The SQL condition under which no one would act on a source event (no subscription, no linked
   * webhook), as the fan-out wired it; null before it starts (rows are then written pending).
   */
  unheard(): string | null;
  /** `dispatch`: a reader of every source row; `pending`: a reader of the rows still to settle (the fan-out). */
  wire(hooks: {
    dispatch?: () => void;
    pending?: () => void;
    delivery?: () => void;
    reserve?: (n: number) => Handoff;
    unheard?: string;
  }): void;
  /** Closes the HTTP client's connections (after the workers that send stopped). */
  stop(): void;
};

declare module '../deps.js' {
  interface Runtime {
    delivery: DeliveryRuntime;
  }
}

export function createDeliveryRuntime(base: RuntimeBase): DeliveryRuntime {
  const hooks = {
    dispatch: [] as Array<() => void>,
    pending: [] as Array<() => void>,
    delivery: [] as Array<() => void>,
  };
  let unheard: string | null = null;
  let reserve: ((n: number) => Handoff) | null = null;
  const nudgeDelivery = () => hooks.delivery.forEach((fn) => fn());
  const http = createThreadedHttpClient(base.config, () => base.clock.wall());
  return {
    http,
    nudgeDispatch(o) {
      hooks.dispatch.forEach((fn) => fn());
      if (!o?.settled) hooks.pending.forEach((fn) => fn());
    },
    nudgeDelivery,
    reserve: (n) => reserve?.(n) ?? { lock: null, committed: nudgeDelivery, failed: () => undefined },
    unheard: () => unheard,
    wire(h) {
      if (h.unheard) unheard = h.unheard;
      if (h.reserve) reserve = h.reserve;
      if (h.dispatch) hooks.dispatch.push(h.dispatch);
      if (h.pending) hooks.pending.push(h.pending);
      if (h.delivery) hooks.delivery.push(h.delivery);
    },
    stop: () => http.close(),
  };
}
