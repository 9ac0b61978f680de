// The time window of a search or count request: defaults, limits and the real refusal texts. Pure.
import { problems } from '../../shared/problems.js';

export type Product = 'recent' | 'all';
export type Window = { start: number; end: number };

const SECOND = 1000;
const DAY = 86_400_000;
/** DOCS paginate.mdx (notes §5): with no time parameters the window ends 30 s before now. */
const LAG = 30 * SECOND;
/** OBS: "'end_time' must be a minimum of 10 seconds prior to the request time". */
const MIN_AGE = 10 * SECOND;
/** Recent search covers 7 days (notes §5); full-archive defaults to the last 30 days (DOCS
 * full-archive quickstarts: "Default time range: Last 30 days") and starts with the first post. */
const RECENT_SPAN = 7 * DAY;
const ALL_DEFAULT_SPAN = 30 * DAY;
const ARCHIVE_START = Date.UTC(2006, 2, 21);

/** Minutes, as the real texts print times: `2025-01-17T09:13Z`. */
const minutes = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';

function refuse(name: string, at: number, rule: string): never {
  throw problems.invalidParam(name, minutes(at), `Invalid '${name}':'${minutes(at)}'. '${name}' ${rule}`);
}

/** Timestamps have second granularity (DOCS: "12:00:01 includes the first second of the minute"). */
const toSecond = (ms: number) => Math.floor(ms / SECOND) * SECOND;

/** Resolves and checks `start_time`/`end_time` (epoch ms, already parsed) against `now`. */
export function resolveWindow(product: Product, now: number, startTime?: number, endTime?: number): Window {
  const start = startTime === undefined ? undefined : toSecond(startTime);
  const end = endTime === undefined ? undefined : toSecond(endTime);
  // OBS (2021–2025): "Invalid 'start_time':'2025-01-01T00:00Z'. 'start_time' must be on or after 2025-01-17T09:13Z".
  const floor = product === 'recent' ? now - RECENT_SPAN : ARCHIVE_START;
  if (start !== undefined && start < floor) refuse('start_time', start, `must be on or after ${minutes(floor)}`);
  for (const [name, t] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (t !== undefined && t > now - MIN_AGE)
      refuse(name, t, 'must be a minimum of 10 seconds prior to the request time.');
  }
  const e = end ?? now - LAG;
  const s = start ?? (product === 'recent' ? now - RECENT_SPAN : Math.max(ARCHIVE_START, e - ALL_DEFAULT_SPAN));
  // ASSUMED wording, in the style of the observed texts.
  if (s >= e) refuse('end_time', e, `must be after 'start_time':'${minutes(s)}'`);
  return { start: s, end: e };
}
