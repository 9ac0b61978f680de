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
    now: () => virtualNow ?? wall(),
    mode: () => (virtualNow === null ? 'real' : 'virtual'),
    wall,
    setVirtual(ms) {
      virtualNow = ms;
    },
    setReal() {
      virtualNow = null;
    },
  };
}

const DAY_MS = 86_400_000;
let cachedDay = NaN;
let cachedDayPrefix = '';
const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/**
 * `YYYY-MM-DDTHH:MM:SS.mmmZ`, the v2 wire format. Every view of a post, user or event formats
 * times, and `Date#toISOString` goes through a printf-based formatter in V8 (about a microsecond a
 * call); the date part is kept for the day in hand and the time of day is built from numbers.
 */
export function isoMillis(ms: number): string {
  if (!Number.isSafeInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    const iso = new Date(ms).toISOString();
    // Years outside 0000–9999 carry a sign and six digits; leave those to Date.
    if (iso.length !== 24) return iso;
    cachedDay = day;
    cachedDayPrefix = iso.slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  const min = rest % 60;
  const hour = (rest - min) / 60;
  return `${cachedDayPrefix}${pad2(hour)}:${pad2(min)}:${pad2(sec)}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
