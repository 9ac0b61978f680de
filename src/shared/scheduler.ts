// Timers on the service clock. In real mode one setTimeout waits for the earliest timer; in virtual
// mode nothing fires until the clock is advanced, and then every timer due in the span runs in due
// order with the clock standing at its due time, so callbacks see the instant they were meant for.
// A long advance gives way to other work every few milliseconds, so the server keeps answering while
// it runs; advances, sets and mode changes run one at a time, in the order asked. Intervals (`every`)
// are housekeeping (prunes, rescans) whose last run is what counts, so an advance runs each at most
// twice, at its first due time in the span and at the span's end, not once per period: a ten-minute
// interval across five years was ~260,000 store queries (minutes on PostgreSQL).
import type { ClockControl } from './clock.js';

export type TimerFn = () => void | Promise<void>;
export type TimerHandle = { cancel(): void };

type Timer = { due: number; seq: number; fn: TimerFn; name: string; cancelled: boolean };

export interface Scheduler {
  at(due: number, fn: TimerFn, name?: string): TimerHandle;
  after(delayMs: number, fn: TimerFn, name?: string): TimerHandle;
  /**
   * Repeats every intervalMs of service time, first run one interval from now. Within an advance or a
   * forward set, periods after the first one due in the span fold into one run at the span's end.
   */
  every(intervalMs: number, fn: TimerFn, name?: string): TimerHandle;
  /** Moves virtual time forward, running what falls due on the way. Switches to virtual mode. */
  advance(ms: number): Promise<number>;
  /** Sets virtual time; forward runs due timers, backward runs none. */
  set(ms: number): Promise<number>;
  /**
   * Sets virtual time without running what falls due on the way: a snapshot load replaces the state
   * rather than living through the span. Timers already due run at the next advance, an interval once.
   */
  jump(ms: number): Promise<number>;
  /** Stops time where it stands when the call's turn comes (after any advance queued before it). */
  useVirtualTime(): Promise<number>;
  useRealTime(): Promise<void>;
  pending(): number;
  stop(): void;
}

export type SchedulerOptions = { onError?: (name: string, err: unknown) => void };

/** How long an advance runs timers before it lets pending I/O (requests) in. */
const SLICE_MS = 5;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createScheduler(clock: ClockControl, opts: SchedulerOptions = {}): Scheduler {
  const heap: Timer[] = [];
  let seq = 0;
  let wake: NodeJS.Timeout | null = null;
  let stopped = false;
  let draining: Promise<void> | null = null;
  /** Where the advance or forward set under way ends (null when none runs). */
  let horizon: number | null = null;
  /** The last control operation (advance, set, real time) queued; the next one runs after it. */
  let control: Promise<unknown> = Promise.resolve();
  function serially<T>(fn: () => Promise<T>): Promise<T> {
    const run = control.then(fn, fn);
    control = run.catch(() => undefined);
    return run;
  }

  const less = (a: Timer, b: Timer) => a.due < b.due || (a.due === b.due && a.seq < b.seq);
  function push(t: Timer) {
    heap.push(t);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  }
  function pop(): Timer | undefined {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1,
          r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }
  function peek(): Timer | undefined {
    while (heap[0]?.cancelled) pop();
    return heap[0];
  }

  async function runOne(t: Timer) {
    try {
      await t.fn();
    } catch (err) {
      opts.onError?.(t.name, err);
    }
  }

  /** Real mode: run everything due now, then sleep until the next one. */
  function arm() {
    if (wake) clearTimeout(wake);
    wake = null;
    if (stopped || clock.mode() !== 'real') return;
    const next = peek();
    if (!next) return;
    const delay = Math.min(Math.max(0, next.due - clock.now()), 2 ** 31 - 1);
    wake = setTimeout(() => void drainRealTime(), delay);
    wake.unref();
  }
  async function drainRealTime() {
    if (draining) return draining;
    draining = (async () => {
      for (let t = peek(); t && clock.mode() === 'real' && t.due <= clock.now(); t = peek()) {
        pop();
        await runOne(t);
      }
    })();
    try {
      await draining;
    } finally {
      draining = null;
      arm();
    }
  }

  async function runUntil(target: number) {
    if (draining) await draining;
    // Wall time, not the service clock: this measures how long the event loop has been held.
    let sliceStart = performance.now();
    horizon = target;
    try {
      for (let t = peek(); t && t.due <= target; t = peek()) {
        pop();
        clock.setVirtual(Math.max(clock.now(), t.due));
        await runOne(t);
        if (performance.now() - sliceStart >= SLICE_MS) {
          await nextTurn();
          sliceStart = performance.now();
        }
      }
    } finally {
      horizon = null;
    }
    clock.setVirtual(Math.max(clock.now(), target));
  }

  async function setTo(ms: number): Promise<number> {
    const now = clock.now();
    if (ms >= now) {
      clock.setVirtual(now);
      await runUntil(ms);
    } else {
      if (draining) await draining;
      clock.setVirtual(ms);
    }
    return clock.now();
  }

  function add(due: number, fn: TimerFn, name: string): Timer {
    const t: Timer = { due, seq: seq++, fn, name, cancelled: false };
    push(t);
    if (heap[0] === t) arm();
    return t;
  }

  const api: Scheduler = {
    at(due, fn, name = 'timer') {
      const t = add(due, fn, name);
      return {
        cancel() {
          t.cancelled = true;
        },
      };
    },
    after(delayMs, fn, name) {
      return api.at(clock.now() + delayMs, fn, name);
    },
    every(intervalMs, fn, name = 'interval') {
      let current: Timer;
      let cancelled = false;
      const schedule = (from: number) => {
        const next = from + intervalMs;
        current = add(
          horizon !== null && next < horizon ? horizon : next,
          async () => {
            if (cancelled) return;
            // Re-based on the clock when a whole period was skipped (a jump), not run once per missed period.
            schedule(clock.now() - current.due >= intervalMs ? clock.now() : current.due);
            await fn();
          },
          name,
        );
      };
      schedule(clock.now());
      return {
        cancel() {
          cancelled = true;
          current.cancelled = true;
        },
      };
    },
    advance(ms) {
      if (!(ms >= 0)) return Promise.reject(new RangeError('advance_ms must be a non-negative number'));
      return serially(async () => {
        const target = clock.now() + ms;
        clock.setVirtual(clock.now());
        await runUntil(target);
        return clock.now();
      });
    },
    set: (ms) => serially(() => setTo(ms)),
    jump: (ms) =>
      serially(async () => {
        if (draining) await draining;
        clock.setVirtual(ms);
        return clock.now();
      }),
    useVirtualTime: () => serially(() => setTo(clock.now())),
    useRealTime() {
      return serially(async () => {
        clock.setReal();
        await drainRealTime();
      });
    },
    pending: () => heap.filter((t) => !t.cancelled).length,
    stop() {
      stopped = true;
      if (wake) clearTimeout(wake);
      heap.length = 0;
    },
  };
  return api;
}
