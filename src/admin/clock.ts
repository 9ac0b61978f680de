// Control of the service clock: read it, advance it, set it, or hand it back to real time.
import type { Deps } from '../deps.js';
import { isoMillis, type ClockMode } from '../shared/clock.js';
import { problems } from '../shared/problems.js';
import { num, onlyFields, str, type Body } from './body.js';

const viewAt = (now: number, mode: ClockMode) => ({ now: isoMillis(now), mode });

export function clockView(deps: Deps) {
  return viewAt(deps.clock.now(), deps.clock.mode());
}

// The last answer of GET /_aviary/clock, kept for the instant and mode it names: under load many
// requests fall in one millisecond (and virtual time stands still), and formatting the time and
// stringifying the object cost more than the rest of the route. The text depends on nothing else,
// so servers sharing a process may share it.
let lastNow = NaN;
let lastMode = '';
let lastJson = '';

/** `{"data":{"now","mode"}}` as JSON text. */
export function clockJson(deps: Deps): string {
  const now = deps.clock.now();
  const mode = deps.clock.mode();
  if (now !== lastNow || mode !== lastMode) {
    lastJson = JSON.stringify({ data: viewAt(now, mode) });
    lastNow = now;
    lastMode = mode;
  }
  return lastJson;
}

/** Accepts exactly one of `advance_ms`, `set` (ISO 8601) or `mode` ("real" | "virtual"). */
export async function controlClock(deps: Deps, b: Body) {
  onlyFields(b, ['advance_ms', 'set', 'mode']);
  const given = Object.keys(b);
  if (given.length !== 1) {
    throw problems.invalidParam(given.join(',') || 'body', given, 'Give exactly one of advance_ms, set or mode.');
  }
  const advance = num(b, 'advance_ms');
  if (advance !== undefined) {
    if (advance < 0 || !Number.isInteger(advance))
      throw problems.invalidParam('advance_ms', String(advance), 'advance_ms must be a non-negative integer');
    await deps.scheduler.advance(advance);
  }
  const set = str(b, 'set');
  if (set !== undefined) {
    const ms = Date.parse(set);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(set) || Number.isNaN(ms))
      throw problems.invalidParam('set', set, 'set must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00.000Z');
    await deps.scheduler.set(ms);
  }
  if ('mode' in b) {
    const mode = b.mode;
    if (mode === 'real') await deps.scheduler.useRealTime();
    else if (mode === 'virtual') await deps.scheduler.set(deps.clock.now());
    else throw problems.invalidParam('mode', String(mode), 'mode must be "real" or "virtual"');
  }
  return clockView(deps);
}
