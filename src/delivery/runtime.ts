// Per-service state of the delivery machinery (one per started Aviary, keyed by its deps): the
// outgoing HTTP client and the hooks that let a writer wake the workers at once.
import type { Deps } from '../deps.js';
import { createHttpClient, type HttpClient } from './http.js';

export type DeliveryRuntime = {
  http: HttpClient;
  /** Wakes the fan-out dispatcher (something was written to a source topic in this process). */
  nudgeDispatch(): void;
  /** Wakes the delivery worker (delivery rows were written). */
  nudgeDelivery(): void;
  wire(hooks: { dispatch?: () => void; delivery?: () => void }): void;
  close(): void;
};

const runtimes = new WeakMap<Deps, DeliveryRuntime>();

export function deliveryRuntime(deps: Deps): DeliveryRuntime {
  let rt = runtimes.get(deps);
  if (rt) return rt;
  const hooks: { dispatch?: () => void; delivery?: () => void } = {};
  const http = createHttpClient(deps.config, () => deps.clock.wall());
  rt = {
    http,
    nudgeDispatch: () => hooks.dispatch?.(),
    nudgeDelivery: () => hooks.delivery?.(),
    wire(h) {
      Object.assign(hooks, h);
    },
    close() {
      http.close();
      runtimes.delete(deps);
    },
  };
  runtimes.set(deps, rt);
  return rt;
}
