// The snapshot file: the whole state as gzip'd JSON lines, portable between SQLite and PostgreSQL.
//
//   line 1        {"format":"aviary-snapshot","version":1,"migrations":[…],"clock":{…},"ids_floor":"…",…}
//   per table     {"table":"posts","columns":["id",…],"rows":N}   then N lines, each one row as a JSON array
//   last line     {"end":true,"tables":T,"rows":R}
//
// JSON lines because a person can read (and diff) a fixture with `zcat`, and both stores' values map
// onto JSON without a schema: ids are TEXT in both stores (STYLE.md "Storage"), so a snowflake past 2^53
// stays an exact string; times and counters are safe integers. The two values JSON cannot carry are
// marked: bytes (BLOB / BYTEA) as {"$bytes":"<base64>"} and an integer past 2^53 (a bigint from a driver)
// as {"$int":"<digits>"}. No stored value is an object, so a marker is never a stored value.
// The end line makes a cut-off file an error rather than a smaller state.
import { gunzipSync, gzipSync } from 'node:zlib';

export const FORMAT = 'aviary-snapshot';
export const VERSION = 1;

export type StoredValue = string | number | bigint | boolean | Buffer | null;
export type ClockState = { mode: 'real' | 'virtual'; now: number };

export type Header = {
  format: typeof FORMAT;
  version: number;
  /** The migrations applied to the store the snapshot was taken from, in order. */
  migrations: string[];
  /** Where it was taken: informational (any snapshot imports into either store). */
  dialect: string;
  taken_at: string;
  /** The service clock when it was taken: a virtual clock is part of the state (ADR 0003). */
  clock: ClockState;
  /** An id at least as great as every id minted before the snapshot: new ids are minted above it. */
  ids_floor: string;
};

export type TableData = { name: string; columns: string[]; rows: StoredValue[][] };
export type Snapshot = { header: Header; tables: TableData[] };

/** A file that is not a snapshot this Aviary can read; the message says what is wrong, for a person. */
export class SnapshotError extends Error {}

export function encodeValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) || (Number.isFinite(v) && !Number.isInteger(v))) return v;
    if (Number.isInteger(v)) return { $int: BigInt(v).toString() };
    throw new SnapshotError(`a stored number is not finite: ${v}`);
  }
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : { $int: v.toString() };
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
  throw new SnapshotError(`a stored value of an unexpected type: ${typeof v}`);
}

export function decodeValue(v: unknown, where: () => string): StoredValue {
  if (v === null || typeof v === 'string') return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && typeof o.$bytes === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(o.$bytes))
      return Buffer.from(o.$bytes, 'base64');
    if (keys.length === 1 && typeof o.$int === 'string' && /^-?\d{1,20}$/.test(o.$int)) return BigInt(o.$int);
  }
  throw new SnapshotError(`${where()}: ${JSON.stringify(v)?.slice(0, 80)} is not a stored value`);
}

/** A row JSON carries as it is (the common case: text, safe integers, nulls). */
function plain(r: StoredValue[]): boolean {
  for (const v of r)
    if (
      v !== null &&
      typeof v !== 'string' &&
      !(typeof v === 'number' && (Number.isSafeInteger(v) || !Number.isInteger(v)))
    )
      return false;
  return true;
}

/** The file's bytes: gzip of the JSON lines. */
export function writeSnapshot(s: Snapshot): Buffer {
  const lines: string[] = [JSON.stringify(s.header)];
  let rows = 0;
  for (const t of s.tables) {
    lines.push(JSON.stringify({ table: t.name, columns: t.columns, rows: t.rows.length }));
    for (const r of t.rows) lines.push(JSON.stringify(plain(r) ? r : r.map(encodeValue)));
    rows += t.rows.length;
  }
  lines.push(JSON.stringify({ end: true, tables: s.tables.length, rows }));
  // Level 1: the demo dataset's file is a little larger than at level 6 and written several times faster.
  return gzipSync(lines.join('\n') + '\n', { level: 1 });
}

const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/** Reads a snapshot (gzip'd, or the JSON lines as they are), checking everything before anything is stored. */
export function readSnapshot(file: Buffer): Snapshot {
  let text: string;
  try {
    text = (isGzip(file) ? gunzipSync(file) : file).toString('utf8');
  } catch (err) {
    throw new SnapshotError(`the file is not a readable gzip stream (${(err as Error).message})`);
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let at = 0;
  const next = (): unknown => {
    if (at >= lines.length) throw new SnapshotError(`the file ends early, at line ${at + 1} (no end line)`);
    const n = ++at;
    try {
      return JSON.parse(lines[n - 1]!);
    } catch {
      throw new SnapshotError(`line ${n} is not JSON`);
    }
  };
  const header = checkHeader(next());
  const tables: TableData[] = [];
  const seen = new Set<string>();
  for (;;) {
    const line = next() as Record<string, unknown> | null;
    if (line && line.end === true) {
      checkEnd(line, tables);
      if (at !== lines.length) throw new SnapshotError(`line ${at + 1} follows the end line`);
      return { header, tables };
    }
    const t = tableStart(line, at);
    if (seen.has(t.name)) throw new SnapshotError(`table ${t.name} appears twice`);
    seen.add(t.name);
    for (let i = 0; i < t.count; i++) {
      const row = next();
      const n = at;
      if (!Array.isArray(row) || row.length !== t.columns.length)
        throw new SnapshotError(`line ${n} (table ${t.name}) is not a row of ${t.columns.length} values`);
      for (let c = 0; c < row.length; c++) {
        const v: unknown = row[c];
        if (v !== null && typeof v !== 'string' && typeof v !== 'number')
          row[c] = decodeValue(v, () => `line ${n} (${t.name}.${t.columns[c]})`);
      }
      t.rows.push(row as StoredValue[]);
    }
    tables.push({ name: t.name, columns: t.columns, rows: t.rows });
  }
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

function checkHeader(h: unknown): Header {
  const o = (h ?? {}) as Record<string, unknown>;
  if (o.format !== FORMAT) throw new SnapshotError(`line 1 is not an ${FORMAT} header`);
  if (o.version !== VERSION)
    throw new SnapshotError(
      `snapshot format version ${String(o.version)} is not supported (this Aviary reads ${VERSION})`,
    );
  const migrations = o.migrations;
  if (!Array.isArray(migrations) || !migrations.every((m) => typeof m === 'string'))
    throw new SnapshotError('the header has no list of migrations');
  const clock = (o.clock ?? {}) as Record<string, unknown>;
  if ((clock.mode !== 'real' && clock.mode !== 'virtual') || !Number.isSafeInteger(clock.now))
    throw new SnapshotError('the header has no clock ({"mode":"real"|"virtual","now":<epoch ms>})');
  if (typeof o.ids_floor !== 'string' || !/^\d{1,19}$/.test(o.ids_floor))
    throw new SnapshotError('the header has no ids_floor');
  return {
    format: FORMAT,
    version: VERSION,
    migrations: migrations as string[],
    dialect: String(o.dialect ?? ''),
    taken_at: String(o.taken_at ?? ''),
    clock: { mode: clock.mode, now: clock.now as number },
    ids_floor: o.ids_floor,
  };
}

function tableStart(line: Record<string, unknown> | null, n: number) {
  const name = line?.table;
  const columns = line?.columns;
  const count = line?.rows;
  if (typeof name !== 'string' || !IDENT.test(name))
    throw new SnapshotError(`line ${n} should start a table ({"table":…,"columns":[…],"rows":N})`);
  if (!Array.isArray(columns) || !columns.length || !columns.every((c) => typeof c === 'string' && IDENT.test(c)))
    throw new SnapshotError(`line ${n}: table ${name} has no valid column list`);
  if (new Set(columns).size !== columns.length) throw new SnapshotError(`line ${n}: table ${name} repeats a column`);
  if (!Number.isSafeInteger(count) || (count as number) < 0)
    throw new SnapshotError(`line ${n}: table ${name} has no row count`);
  return { name, columns: columns as string[], count: count as number, rows: [] as StoredValue[][] };
}

function checkEnd(line: Record<string, unknown>, tables: TableData[]) {
  const rows = tables.reduce((n, t) => n + t.rows.length, 0);
  if (line.tables !== tables.length || line.rows !== rows)
    throw new SnapshotError(
      `the end line counts ${String(line.tables)} tables and ${String(line.rows)} rows; the file holds ${tables.length} and ${rows}`,
    );
}
