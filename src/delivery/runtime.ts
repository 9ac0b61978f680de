// Per-server state of the delivery machinery (Runtime `delivery`, made by main.ts): the outgoing
// HTTP client and the hooks that let a writer wake the workers at once.
import type { RuntimeBase } from '../deps.js';
import { createHttpClient, type HttpClient } from './http.js';

export type DeliveryRuntime = {
  http: HttpClient;
  /** Wakes the fan-out dispatcher (something was written to a source topic in this process). */
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
  const hooks: { dispatch?: () => void; delivery?: () => void } = {};
  const http = createHttpClient(base.config, () => base.clock.wall());
  return {
    http,
    nudgeDispatch: () => hooks.dispatch?.(),
    nudgeDelivery: () => hooks.delivery?.(),
    wire(h) {
      Object.assign(hooks, h);
    },
    stop: () => http.close(),
  };
}
