// Control of the service clock: read it, advance it, set it, or hand it back to real time.
import type { Deps } from '../deps.js';
import { int, oneOf, readControl, time } from '../http/input.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';

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

const CLOCK_BODY = {
  advance_ms: int({
    min: 0,
    max: MAX_ADVANCE_MS,
    message: `advance_ms must be an integer from 0 to ${MAX_ADVANCE_MS} (366 days); advance again for longer spans`,
  }),
  set: time({ message: 'set must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00.000Z' }),
  mode: oneOf(['real', 'virtual'], { message: 'mode must be "real" or "virtual"' }),
};

/** Accepts exactly one of `advance_ms`, `set` (ISO 8601) or `mode` ("real" | "virtual"). */
export async function controlClock(deps: Deps, body: unknown) {
  const b = readControl(body, CLOCK_BODY);
  // Counted as sent: `{"advance_ms": null}` names a field, and is no value for it.
  const given = Object.keys(body ?? {});
  if (given.length !== 1) {
    throw problems.invalidParam(given.join(',') || 'body', given, 'Give exactly one of advance_ms, set or mode.');
  }
  if (b.advance_ms !== undefined) await deps.scheduler.advance(advanceOf(deps, b.advance_ms));
  else if (b.set !== undefined) await deps.scheduler.set(instantOf(b.set));
  else if (b.mode === 'real') await deps.scheduler.useRealTime();
  else if (b.mode === 'virtual') await deps.scheduler.useVirtualTime();
  else throw problems.invalidParam(given[0]!, 'null', `${given[0]} must not be null`);
  // Every node of the service moves with this one before the answer (cluster/node.ts).
  const { unacknowledged } = await deps.cluster.clockChanged();
  return { ...clockView(deps), ...(unacknowledged.length ? { unacknowledged_nodes: unacknowledged } : {}) };
}

function advanceOf(deps: Deps, ms: number): number {
  if (deps.clock.now() + ms > CLOCK_MAX)
    throw problems.invalidParam(
      'advance_ms',
      String(ms),
      `advance_ms would move the clock past ${isoMillis(CLOCK_MAX)}`,
    );
  return ms;
}

function instantOf(ms: number): number {
  if (ms < CLOCK_MIN || ms > CLOCK_MAX)
    throw problems.invalidParam('set', isoMillis(ms), `set must be within ${RANGE}`);
  return ms;
}
