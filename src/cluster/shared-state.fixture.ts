// For the tests of what nodes share through the store (cluster/node.ts's clock, faults.shared.ts,
// limits.overrides.ts): a store read that is slow to answer, and a cluster of this one node whose
// broadcasts from others the test sends itself.

/** Reads that wait while held: a read sent then answers, on release, with what it read when sent. */
export function heldReads() {
  let held: (() => void)[] | null = null;
  return {
    /** At once, or at the release while held. */
    wait: (): Promise<void> => (held ? new Promise<void>((resolve) => held!.push(resolve)) : Promise.resolve()),
    hold: () => void (held = []),
    release: () => {
      for (const resolve of held ?? []) resolve();
      held = null;
    },
  };
}

/** Deps' `cluster` for one node: broadcasts answer at once; `fromOthers` runs the handler of a topic. */
export function oneNodeCluster() {
  const handlers = new Map<string, (payload: string) => Promise<void>>();
  return {
    cluster: {
      broadcast: async () => ({ unacknowledged: [] }),
      onBroadcast: (topic: string, fn: (payload: string) => Promise<void>) => void handlers.set(topic, fn),
      signals: { onReconnect: () => undefined },
    },
    fromOthers: (topic: string, payload: string) => handlers.get(topic)!(payload),
  };
}

/** A turn of the event loop: a read asked for in this one has been sent. */
export const turn = () => new Promise((resolve) => setImmediate(resolve));
