// Taking and loading snapshots of the whole store (issue #20, Deliver 5). Both work on a Db alone, so
// the CLI uses them on a store no server holds; snapshot.runtime.ts adds what a running server must
// do around a load. A load is one transaction: a file that cannot be loaded whole leaves the state as
// it was.
import { compareIds, idAt } from '../shared/ids.js';
import { isoMillis } from '../shared/clock.js';
import type { Db, Queryable } from '../store/index.js';
import { getSetting, putSetting } from '../store/settings.js';
import { refileAll } from '../modules/search/index.js';
import { dialects, type SnapshotDialect } from './snapshot.dialect.js';
import {
  FORMAT,
  readSnapshot,
  SnapshotError,
  VERSION,
  writeSnapshot,
  type ClockState,
  type Header,
  type TableData,
} from './snapshot.format.js';
import { keptOnLoad, RESUME_SETTING, snapshotRepo } from './snapshot.repo.js';

/**
 * Tables that are not state to carry: the migrations (the header lists them), the worker leases of live
 * processes, and the OAuth 1.0a nonces seen (replay protection of this store: a request seen before an
 * import is still a replay after it, ADR 0012). A load leaves them as they are.
 */
export const NOT_STATE = new Set([
  'aviary_migrations',
  'aviary_workers',
  'oauth1_nonces',
  'oauth1_nonces_clustered',
  'oauth1_nonce_log',
  'oauth1_nonce_fingerprints',
  // What the server does, not its data (migration 0036): fault rules and the journal were never in a
  // snapshot, overrides are the control API's, open activity streams belong to the processes.
  'fault_rules',
  'journal_entries',
  'rate_limit_overrides',
  'activity_connections',
  // Which file holds SQLite's search index (migration 0046): a load names none, so the index is built
  // again from the loaded posts (snapshot.dialect.ts `afterLoad`).
  'search_file',
]);

/**
 * Tables that triggers write when other tables are loaded: `search_queue`, which every insert into
 * `posts` appends to (migration 0008). They are loaded last, emptied of what the load's own triggers
 * queued, so the index state is the file's. The row counts checked after a load catch a trigger added
 * later and missing here.
 */
const FILLED_BY_TRIGGERS = ['search_queue'];

/**
 * The search index's documents: a file without them (one taken on SQLite, whose index is a file of its
 * own, modules/search/search.store.ts) has every loaded post queued for filing, after the row counts
 * are checked, in a store that keeps them among its tables (PostgreSQL).
 */
const INDEX_DOCS = 'search_docs';

const MAX_ID = (1n << 63n) - 1n;

async function stateTables(q: Db): Promise<string[]> {
  return (await q.tables()).filter((t) => !NOT_STATE.has(t)).sort();
}

export type TakeOptions = { clock: ClockState; idsFloor: string; now: number };

/** The whole state as one file, read as of one instant. */
export async function takeSnapshot(db: Db, o: TakeOptions): Promise<Buffer> {
  const dialect = dialects[db.dialect];
  const names = await stateTables(db);
  return db.tx(async (tx) => {
    await dialect.consistentRead(tx);
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      migrations: await snapshotRepo.migrations(tx),
      dialect: db.dialect,
      taken_at: isoMillis(o.now),
      clock: o.clock,
      ids_floor: o.idsFloor,
    };
    const tables: TableData[] = [];
    for (const name of names.filter((t) => !(t in dialect.derived))) {
      const cols = await dialect.columns(tx, name);
      const columns = cols.map((c) => c.name);
      const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      tables.push({
        name,
        columns,
        rows: await snapshotRepo.rows(
          tx,
          name,
          columns,
          key.map((c) => c.name),
        ),
      });
    }
    return writeSnapshot({ header, tables });
  });
}

export type Loaded = {
  taken_at: string;
  dialect: string;
  tables: number;
  rows: number;
  clock: ClockState;
  /** The greatest id among the file's ids and its floor: ids minted from now on are greater. */
  ids_floor: string;
};

/** The file's settings without those that stay with the store (a file written before `clock` stayed has it). */
function withoutKeptSettings(t: TableData): TableData {
  const key = t.columns.indexOf('key');
  return { ...t, rows: t.rows.filter((r) => !keptOnLoad(String(r[key]))) };
}

/**
 * Replaces the whole state with the file's, in one transaction; throws SnapshotError (nothing changed)
 * when it cannot. `resume`: the file's clock and id floor are kept in the store for the next start
 * (`aviary import`, with no server to hand them to).
 */
export async function loadSnapshot(db: Db, file: Buffer, o: { resume?: boolean } = {}): Promise<Loaded> {
  const { header, tables: read } = readSnapshot(file);
  const dialect = dialects[db.dialect];
  const tables = read
    .filter((t) => !dialect.beside.has(t.name))
    .map((t) => (t.name === 'aviary_settings' ? withoutKeptSettings(t) : t));
  const here = await stateTables(db);
  const loaded: Loaded = {
    taken_at: header.taken_at,
    dialect: header.dialect,
    tables: tables.length,
    rows: tables.reduce((n, t) => n + t.rows.length, 0),
    clock: header.clock,
    ids_floor: greatestId(header.ids_floor, tables),
  };
  await db.tx(async (tx) => {
    await checkMigrations(tx, header.migrations);
    const byName = await checkTables(tx, here, tables, dialect);
    await dialect.empty(
      tx,
      here.filter((t) => t !== 'aviary_settings'),
    );
    await snapshotRepo.emptySettings(tx);
    const order = [...tables].sort(
      (a, b) => Number(FILLED_BY_TRIGGERS.includes(a.name)) - Number(FILLED_BY_TRIGGERS.includes(b.name)),
    );
    for (const t of order) {
      if (FILLED_BY_TRIGGERS.includes(t.name)) await snapshotRepo.clear(tx, t.name);
      await dialect.insert(tx, t.name, t.columns, t.rows).catch((err: unknown) => {
        throw refusedRow(t.name, err);
      });
    }
    for (const t of FILLED_BY_TRIGGERS) if (here.includes(t) && !byName.has(t)) await snapshotRepo.clear(tx, t);
    for (const [table, rebuild] of Object.entries(dialect.derived)) if (here.includes(table)) await tx.run(rebuild);
    await dialect.afterLoad(tx, here);
    for (const name of here.filter((t) => !(t in dialect.derived))) {
      const expected = byName.get(name)?.rows.length ?? 0;
      const found = await snapshotRepo.count(tx, name);
      if (found !== expected)
        throw new Error(`snapshot load: table ${name} holds ${found} rows after the load, the file ${expected}`);
    }
    if (here.includes(INDEX_DOCS) && !byName.has(INDEX_DOCS)) await refileAll(tx);
    if (o.resume)
      await putSetting(tx, RESUME_SETTING, JSON.stringify({ clock: loaded.clock, ids_floor: loaded.ids_floor }));
  });
  return loaded;
}

export type Resume = { clock: ClockState; ids_floor: string };

/** What `aviary import` left for the next start, or null. */
export async function pendingResume(db: Queryable): Promise<Resume | null> {
  const raw = await getSetting(db, RESUME_SETTING);
  return raw ? (JSON.parse(raw) as Resume) : null;
}

export const dropResume = (db: Queryable) => snapshotRepo.dropSetting(db, RESUME_SETTING);

/**
 * `aviary export`, on a store no server need hold. The clock is the one an import left for the next
 * start, else real time: a server's virtual clock lives in its memory (GET /_aviary/state carries it).
 */
export async function exportStore(db: Db, now: number): Promise<Buffer> {
  const resume = await pendingResume(db);
  return takeSnapshot(db, {
    clock: resume?.clock ?? { mode: 'real', now },
    idsFloor: resume?.ids_floor ?? idAt(now),
    now,
  });
}

/** `aviary import`: refused while a server runs on the store (its memory would not follow; PUT /_aviary/state does). */
export async function importStore(db: Db, file: Buffer, wall: number): Promise<Loaded> {
  if (await snapshotRepo.liveLeases(db, wall))
    throw new SnapshotError(
      'a server is running on this store: load the file with PUT /_aviary/state, or stop the server first ' +
        "(a crashed server's lease lapses after a minute)",
    );
  return loadSnapshot(db, file, { resume: true });
}

/**
 * A row the store refuses (a duplicate key, a missing value, text where a number belongs) is the
 * file's fault, said as such; anything else (a lost connection) stays the store's error.
 */
function refusedRow(table: string, err: unknown): unknown {
  const code = String((err as { code?: unknown }).code ?? '');
  const byFile =
    err instanceof RangeError || /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(code) || /^2[23]/.test(code);
  return byFile ? new SnapshotError(`table ${table}: the store refused a row (${(err as Error).message})`) : err;
}

/** Every migration the file's store had must be one this store has (a newer Aviary's file may not fit). */
async function checkMigrations(q: Queryable, theirs: string[]): Promise<void> {
  const ours = new Set(await snapshotRepo.migrations(q));
  const unknown = theirs.filter((m) => !ours.has(m));
  if (unknown.length)
    throw new SnapshotError(
      `the snapshot was taken by a newer Aviary: migration ${unknown.join(', ')} is unknown to this store`,
    );
}

async function checkTables(
  q: Queryable,
  here: string[],
  tables: TableData[],
  { columns: columnsOf, derived: derivedTables }: SnapshotDialect,
): Promise<Map<string, TableData>> {
  const byName = new Map<string, TableData>();
  for (const t of tables) {
    if (!here.includes(t.name) || t.name in derivedTables)
      throw new SnapshotError(`table ${t.name} is not a table of this store's state`);
    const known = new Set((await columnsOf(q, t.name)).map((c) => c.name));
    const extra = t.columns.filter((c) => !known.has(c));
    if (extra.length) throw new SnapshotError(`table ${t.name} has no column ${extra.join(', ')} in this store`);
    byName.set(t.name, t);
  }
  return byName;
}

/**
 * The greatest id the file holds: the header's floor, or a greater snowflake found in an `id` or
 * `…_id` column (a file written by hand, or by a process whose ids ran ahead of the exporting one).
 */
function greatestId(floor: string, tables: TableData[]): string {
  let max = floor;
  for (const t of tables) {
    const cols = t.columns.flatMap((c, i) => (c === 'id' || c.endsWith('_id') ? [i] : []));
    if (!cols.length) continue;
    for (const r of t.rows)
      for (const i of cols) {
        const v = r[i];
        if (typeof v === 'string' && /^\d{1,19}$/.test(v) && compareIds(v, max) > 0 && BigInt(v) <= MAX_ID) max = v;
      }
  }
  return max;
}
