// Log lines for a person at a terminal: `14:05:09 INFO  listening url=http://127.0.0.1:8080` instead
// of pino's JSON line (which stays for pipes and files, where tools read it).
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

function valueText(v: unknown): string {
  if (v && typeof v === 'object') {
    const e = v as { stack?: unknown; message?: unknown };
    if (typeof e.stack === 'string') return '\n' + e.stack;
    return JSON.stringify(v);
  }
  return String(v);
}

/** One pino JSON line as text; a line that is not JSON is passed through as it is. */
export function humanLine(json: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : json + '\n';
  }
  const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString().slice(11, 19) : '';
  const level = (LEVELS[rec.level as number] ?? String(rec.level)).padEnd(5);
  const extra = Object.entries(rec)
    .filter(([k]) => !OMIT.has(k))
    .map(([k, v]) => `${k}=${valueText(v)}`);
  return [time, level, rec.msg ?? '', ...extra].filter((x) => x !== '').join(' ') + '\n';
}

/** A pino destination writing human lines to `out`. */
export function humanLines(out: { write(s: string): unknown }): { write(line: string): void } {
  return { write: (line) => void out.write(humanLine(line)) };
}
