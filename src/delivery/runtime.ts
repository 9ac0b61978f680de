// Per-server state of the delivery machinery (Runtime `delivery`, made by main.ts): the outgoing
// HTTP client and the hooks that let a writer wake the workers at once. A source event has two
// readers in this process (the fan-out and the streams' tail, ADR 0008), so a hook may be wired by
// several of them; each is called.
import type { RuntimeBase } from '../deps.js';
import { createHttpClient, type HttpClient } from './http.js';

export type DeliveryRuntime = {
  http: HttpClient;
  /** Wakes the readers of source topics (fan-out, streams): something was written in this process. */
  nudgeDispatch(): void;
  /** Wakes the delivery worker (delivery rows were written). */
  nudgeDelivery(): void;
  wire(hooks: { dispatch?: () => void; delivery?: () => void }): void;
  /** Closes the HTTP client's connections (after the workers that send stopped). */
  stop(): void;
};

declare module '../deps.js' {
  interface Runtime {
    delivery: DeliveryRuntime;
  }
}

export function createDeliveryRuntime(base: RuntimeBase): DeliveryRuntime {
  const hooks = { dispatch: [] as Array<() => void>, delivery: [] as Array<() => void> };
  const http = createHttpClient(base.config, () => base.clock.wall());
  return {
    http,
    nudgeDispatch: () => hooks.dispatch.forEach((fn) => fn()),
    nudgeDelivery: () => hooks.delivery.forEach((fn) => fn()),
    wire(h) {
      if (h.dispatch) hooks.dispatch.push(h.dispatch);
      if (h.delivery) hooks.delivery.push(h.delivery);
    },
    stop: () => http.close(),
  };
}
