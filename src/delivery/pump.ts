// A background loop that runs `step` while it finds work and otherwise sleeps for a short real-time
// poll interval — or less, when this process nudges it after enqueuing something. The poll makes
// rows written by other processes (or by modules that do not nudge) go out within `idleMs`.
export type Pump = { start(): void; nudge(): void; stop(): Promise<void> };

export function createPump(o: { step: () => Promise<boolean>; idleMs: number; onError: (err: unknown) => void }): Pump {
  let running = false;
  let wake: (() => void) | null = null;
  let nudged = false;
  let loop: Promise<void> | null = null;

  const sleep = (ms: number) => new Promise<void>((resolve) => {
    if (nudged || !running) { nudged = false; return resolve(); }
    const t = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(t); wake = null; resolve(); };
  });

  async function run() {
    while (running) {
      let busy = false;
      try {
        busy = await o.step();
      } catch (err) {
        o.onError(err);
        await sleep(200);
      }
      if (!busy) await sleep(o.idleMs);
      else nudged = false;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
