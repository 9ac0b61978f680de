// The service clock. Everything that asks "what time is it" asks this, so that the control API can
// stop time, set it, or run 30 hours of timers in a moment. Virtual time stands still between calls:
// a test sees exactly the instant it set.

export type ClockMode = 'real' | 'virtual';

export interface Clock {
  /** Service time, epoch milliseconds. */
  now(): number;
  mode(): ClockMode;
  /** Wall time regardless of mode: only for leases and measurements that must not jump. */
  wall(): number;
}

/** The mutable side, held by the scheduler (the only thing that moves virtual time). */
export interface ClockControl extends Clock {
  setVirtual(ms: number): void;
  setReal(): void;
}

export function createClock(wall: () => number = Date.now): ClockControl {
  let virtualNow: number | null = null;
  return {
    now: () => (virtualNow ?? wall()),
    mode: () => (virtualNow === null ? 'real' : 'virtual'),
    wall,
    setVirtual(ms) { virtualNow = ms; },
    setReal() { virtualNow = null; },
  };
}

/** `YYYY-MM-DDTHH:MM:SS.mmmZ`, the v2 wire format. */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}
