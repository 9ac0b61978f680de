// A background loop that runs `step` while it finds work and otherwise sleeps: `idleMs` after work
// or a nudge, then twice as long after each empty step, up to `maxIdleMs`. Writers in this process
// nudge it (the wait ends at once), so the backoff only delays rows written by other processes
// sharing a PostgreSQL database; an idle server no longer spends its CPU polling.
export type Pump = { start(): void; nudge(): void; stop(): Promise<void> };

export type PumpOptions = {
  /**
   * One round: true when it found a full batch (step again at once); 'paced' when it found work but
   * not a full batch (step again after `idleMs`, without backing off); false when it found nothing.
   */
  step: () => Promise<boolean | 'paced'>;
  idleMs: number;
  maxIdleMs?: number;
  onError: (err: unknown) => void;
  /**
   * After a nudge, wait this long for more before stepping (fewer, fuller batches); 0 steps at once.
   * A function is asked at each nudge (a pump may linger only while its batches are big).
   */
  lingerMs?: number | (() => number);
};

export function createPump(o: PumpOptions): Pump {
  const maxIdle = Math.max(o.idleMs, o.maxIdleMs ?? o.idleMs);
  let running = false;
  let wake: (() => void) | null = null;
  let nudged = false;
  let idle = o.idleMs;
  let loop: Promise<void> | null = null;
  let lingering: NodeJS.Timeout | null = null;

  const lingerOf = typeof o.lingerMs === 'function' ? o.lingerMs : () => (o.lingerMs as number | undefined) ?? 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (!running) return resolve();
      if (nudged) {
        nudged = false;
        const linger = lingerOf();
        if (linger === 0) return resolve();
        ms = linger;
      }
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });

  async function run() {
    while (running) {
      let busy: boolean | 'paced' = false;
      try {
        busy = await o.step();
      } catch (err) {
        o.onError(err);
        await sleep(200);
      }
      if (busy === true) {
        nudged = false;
        idle = o.idleMs;
        continue;
      }
      // After a nudge `idle` is back at its base: a nudged write not yet committed is found soon.
      const wait = busy === 'paced' ? o.idleMs : idle;
      idle = busy === 'paced' ? o.idleMs : Math.min(maxIdle, wait * 2);
      await sleep(wait);
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
      idle = o.idleMs;
      if (!wake) return;
      const linger = lingerOf();
      if (linger === 0) return wake();
      lingering ??= setTimeout(() => {
        lingering = null;
        wake?.();
      }, linger);
    },
    async stop() {
      running = false;
      if (lingering) clearTimeout(lingering);
      wake?.();
      await loop;
    },
  };
}
