// The one reading of an RFC 3339 date-time for query parameters and the control API: the shape the
// real service's messages name (YYYY-MM-DDTHH:mm:ssZ, seconds and up to 3 fraction digits optional,
// `Z` or a numeric offset), and a real instant. `Date.parse` alone is not enough: it answers NaN for
// `23:59:60` or `+99:99` (which then reached SQL as NaN) and rolls `02-30` over into March.

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** RFC 3339 §5.7 allows offsets of any size; real zones span −12:00 … +14:00 (Kiribati). */
const MAX_OFFSET_MINUTES = 14 * 60;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Epoch milliseconds of `text`, or null when it is not a calendar-valid RFC 3339 date-time. */
export function parseIsoTime(text: string): number | null {
  const m = SHAPE.exec(text);
  if (!m) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  const millis = Number((m[7] ?? '').padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = (m[8] === '-' ? -1 : 1) * (n(9) * 60 + n(10));
  if (n(10) > 59 || Math.abs(offset) > MAX_OFFSET_MINUTES) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, millis);
  return d.getTime() - offset * 60_000;
}

/** Whether `text` is a calendar-valid RFC 3339 date-time. */
export function isIsoTime(text: string): boolean {
  return parseIsoTime(text) !== null;
}
