// The flush of a write-behind (rate-limit counters, Posts read): one write at a time. A flush asked
// for during a write waits for it and then writes what was counted since, since that write took only
// what was pending when it began (GET /2/usage/tweets once answered without the reads counted meanwhile).
export function createFlusher(write: () => Promise<void>, after: () => void = () => {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const once = () =>
    (running ??= write().finally(() => {
      running = null;
      after();
    }));
  return async () => {
    if (running) await running;
    await once();
  };
}
