// Control of the service clock: read it, advance it, set it, or hand it back to real time.
import type { Deps } from '../deps.js';
import { isoMillis } from '../shared/clock.js';
import { parseIsoTime } from '../shared/iso-time.js';
import { echo, problems } from '../shared/problems.js';
import { onlyFields, type Body } from './body.js';

const DAY_MS = 86_400_000;
/** One advance runs at most a (leap) year of timers; longer spans are several calls. */
export const MAX_ADVANCE_MS = 366 * DAY_MS;
/** The day of the first post on the service: nothing Aviary emulates is older. */
export const CLOCK_MIN = Date.parse('2006-03-21T00:00:00.000Z');
/**
 * Ids are minted from the clock with 41 bits of milliseconds since the Twitter epoch (shared/ids.ts),
 * which run out in July 2080; the clock stays well inside that.
 */
export const CLOCK_MAX = Date.parse('2080-01-01T00:00:00.000Z');
const RANGE = `${isoMillis(CLOCK_MIN)} … ${isoMillis(CLOCK_MAX)}`;

export function clockView(deps: Deps) {
  return { now: isoMillis(deps.clock.now()), mode: deps.clock.mode() };
}

/** Accepts exactly one of `advance_ms`, `set` (ISO 8601) or `mode` ("real" | "virtual"). */
export async function controlClock(deps: Deps, b: Body) {
  onlyFields(b, ['advance_ms', 'set', 'mode']);
  const given = Object.keys(b);
  if (given.length !== 1) {
    throw problems.invalidParam(given.join(',') || 'body', given, 'Give exactly one of advance_ms, set or mode.');
  }
  if ('advance_ms' in b) await deps.scheduler.advance(advanceOf(deps, b.advance_ms));
  else if ('set' in b) await deps.scheduler.set(instantOf(b.set));
  else await setMode(deps, b.mode);
  return clockView(deps);
}

function advanceOf(deps: Deps, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_ADVANCE_MS)
    throw problems.invalidParam(
      'advance_ms',
      echo(v),
      `advance_ms must be an integer from 0 to ${MAX_ADVANCE_MS} (366 days); advance again for longer spans`,
    );
  if (deps.clock.now() + v > CLOCK_MAX)
    throw problems.invalidParam('advance_ms', echo(v), `advance_ms would move the clock past ${isoMillis(CLOCK_MAX)}`);
  return v;
}

function instantOf(v: unknown): number {
  const ms = typeof v === 'string' ? parseIsoTime(v) : null;
  if (ms === null)
    throw problems.invalidParam('set', echo(v), 'set must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00.000Z');
  if (ms < CLOCK_MIN || ms > CLOCK_MAX) throw problems.invalidParam('set', echo(v), `set must be within ${RANGE}`);
  return ms;
}

async function setMode(deps: Deps, mode: unknown): Promise<void> {
  if (mode === 'real') await deps.scheduler.useRealTime();
  else if (mode === 'virtual') await deps.scheduler.useVirtualTime();
  else throw problems.invalidParam('mode', echo(mode), 'mode must be "real" or "virtual"');
}
