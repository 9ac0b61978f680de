// In-memory rows checked against a generation token that every write of their table replaces in
// the same transaction: a row checked under the current token is served as it is, the rest must be
// read again. Several processes sharing one database stay correct (posts.cache, users.cache).
import { atTurnEnd } from './turn-batch.js';

export type Checked<R> = { row: R; checked: string | null };

export type RowCache<R extends { id: string }> = ReturnType<typeof createRowCache<R>>;

/** One server's rows (each server makes its own: main.ts `createRuntime`); `stop` forgets them. */
export function createRowCache<R extends { id: string }>(max: number) {
  const entries = new Map<string, Checked<R>>();
  return {
    get: (id: string) => entries.get(id),
    /** Rows already checked under `generation`, and the ids that are not. */
    split(ids: readonly string[], generation: string | null): { hits: R[]; unsure: string[] } {
      const hits: R[] = [];
      const unsure: string[] = [];
      for (const id of ids) {
        const e = entries.get(id);
        if (e && generation !== null && e.checked === generation) hits.push(e.row);
        else unsure.push(id);
      }
      return { hits, unsure };
    },
    remember(row: R, checked: string | null): void {
      if (entries.size >= max) {
        // Evict the oldest tenth (a Map iterates in insertion order).
        let n = max / 10;
        for (const k of entries.keys()) {
          entries.delete(k);
          if (--n <= 0) break;
        }
      }
      entries.set(row.id, { row, checked });
    },
    stop: () => entries.clear(),
  };
}

/** What a token is read through: the store, a transaction, or a `oneMoment` handle on the store. */
type Reader = { get<T>(sql: string, params?: never[]): Promise<T | undefined> };

/** Handles made by `oneMoment`: their generation tokens are read once, together (see there). */
const moments = new WeakSet<object>();

/**
 * A handle on `db` (ADR 0028) for one unit of background work (a step of the fan-out or of the streams'
 * dispatcher) whose reads may all be taken as of its start: the generation tokens are read once
 * through it, in one statement, not once per lookup (on PostgreSQL a round trip each). Rows are
 * then as fresh as that first read, as if the step had read everything at once; a write of this
 * process to a table (`changed`) still reads them again. Transactions opened through it are not
 * the handle, and read the token as usual.
 */
export function oneMoment<Q extends object>(db: Q): Q {
  const handle = { ...db };
  moments.add(handle);
  return handle;
}

/** Whether `db` is a `oneMoment` handle. */
export const inMoment = (db: object): boolean => moments.has(db);

/**
 * Rows read through a `oneMoment` handle, kept for that handle's later lookups: a step's rows as of a
 * read made during the step (ADR 0028, amended). A commit of this process during the step moves the
 * token it reads again, and a new token makes every cached row a read again: under a write load every
 * commit does (a post's author counter), and each render of a step read its users again, a statement
 * each (issue #23). Lookups through any other handle keep nothing.
 */
export function momentRows<R extends { id: string }>() {
  const kept = new WeakMap<object, Map<string, R>>();
  return {
    /** The rows kept for `db` of `ids`, and the ids it has none for (every id, for most handles). */
    take(db: object, ids: readonly string[]): { rows: R[]; rest: readonly string[] } {
      const m = kept.get(db);
      if (!m) return { rows: [], rest: ids };
      const rows: R[] = [];
      const rest: string[] = [];
      for (const id of ids) {
        const row = m.get(id);
        if (row) rows.push(row);
        else rest.push(id);
      }
      return { rows, rest };
    },
    keep(db: object, rows: readonly R[]): void {
      if (!moments.has(db) || !rows.length) return;
      let m = kept.get(db);
      if (!m) kept.set(db, (m = new Map()));
      for (const r of rows) m.set(r.id, r);
    },
  };
}

// Every token made (a row of a table of tokens each), read together: one statement answers them all
// wherever they are read outside a transaction (issue #23: a step of the streams' dispatcher asked for
// the users' two tokens and the posts' one, three round trips on PostgreSQL, 0.5 a post). Reading a
// token no one asked for is harmless: a newer value only makes fewer cached rows count as checked.
type Values = Record<string, string | null>;
const tokens: { table: string; id: number }[] = [];
/** Per token, moved by its `changed()`: a read sent before the move no longer answers for it. */
const moves: number[] = [];
let everyColumn: string | null = null;
let everySql: string | null = null;
/** Every token as a column: `(SELECT value FROM t WHERE id = n) AS g0, …` (constants, no input). */
const everyToken = () =>
  (everyColumn ??= tokens.map((t, i) => `(SELECT value FROM ${t.table} WHERE id = ${t.id}) AS g${i}`).join(', '));
/** Every token's value. */
function readEvery(db: Reader): Promise<Values | undefined> {
  return db.get<Values>((everySql ??= `SELECT ${everyToken()}`));
}

/** A read of every token and the moves it was sent after: it answers for a token until that one moves. */
type Held = { values: Promise<Values | undefined>; moves: number[] };
function heldFor(map: WeakMap<object, Held>, db: Reader, i: number): Promise<Values | undefined> {
  let h = map.get(db);
  if (!h || h.moves[i] !== moves[i]) map.set(db, (h = { values: readEvery(db), moves: [...moves] }));
  return h.values;
}
/** Reads held by `oneMoment` handles, as long as the handle. */
const byMoment = new WeakMap<object, Held>();

/**
 * A read of rows that takes every token with them, as columns of each row (`g0`, `g1`, …; a token's
 * `of` picks its own), for a lookup that must read rows anyway where a token would be a round trip of
 * its own first (`withRows`). One statement reads both as of one snapshot, so a version it returns is
 * exactly the one under the tokens it returns with it. Through a `oneMoment` handle the tokens are
 * then held as its read of them, good for its later lookups until this process writes a table (as
 * the handle's own read): a step's users are then checked under it, not read again.
 */
export async function readWithTokens<R extends object>(
  db: Reader,
  read: (columns: string) => Promise<R[]>,
): Promise<R[]> {
  const sent = [...moves];
  const rows = await read(everyToken());
  if (rows.length && moments.has(db)) byMoment.set(db, { values: Promise.resolve(rows[0] as Values), moves: sent });
  return rows;
}
/** The embedded store's read of this turn. */
let thisTurn = new WeakMap<object, Held>();
let clearing = false;
/** A shared store's read, made once a turn for the turn's callers of every token. */
const turnReads = new WeakMap<object, () => Promise<Values | undefined>>();

/**
 * A token's new value, drawn by the store (SQLite's random() is a 64-bit integer, PostgreSQL's a
 * double; two draws of either): the statements that write one are then the same text every time,
 * prepared once, where a value written into the text made each commit's a new statement to parse
 * (issue #23: ~1 % of the event loop in bench:writes on SQLite).
 */
const RANDOM_VALUE = 'CAST(random() AS TEXT) || CAST(random() AS TEXT)';

/**
 * The generation token kept in row `id` of `table` (its columns id, value), read from the store at
 * most once per turn of the event loop on the embedded store (`Db.embedded`): there every write goes
 * through this process's one connection, in turn, and each write of the table calls `changed()` in its
 * transaction (the repository's `touch`), so the memo is exact for this process's writes. A write by
 * another process sharing the file (or a reset, which empties the tables without touching) is seen
 * from the next turn.
 *
 * On PostgreSQL other processes write concurrently, so a read already sent may predate a write that
 * a later caller must see. There the callers of one turn share one read sent at its end (turn-batch.ts
 * `atTurnEnd`): every caller asked before the read left, so each sees the store as of a moment after
 * it asked, as its own read would (issue #23: a post's creation asked for its author's token, a round
 * trip a post, and the firehose starts a tick's posts in one turn). Inside a transaction the reader
 * is not the store: those read at once, this token alone.
 */
export function generationToken(table: string, id: number) {
  const i = tokens.length;
  tokens.push({ table, id });
  moves.push(0);
  everyColumn = everySql = null;
  const key = `g${i}`;
  const own = `SELECT value FROM ${table} WHERE id = ${id}`;
  const pick = (v: Values | undefined) => v?.[key] ?? null;
  const replace = `INSERT INTO ${table} (id, value) VALUES (${id}, ${RANDOM_VALUE}) ON CONFLICT (id) DO UPDATE SET value = excluded.value`;
  const ensure = `INSERT INTO ${table} (id, value) VALUES (${id}, ${RANDOM_VALUE}) ON CONFLICT (id) DO NOTHING`;
  return {
    read(db: Reader): Promise<string | null> {
      if (moments.has(db)) return heldFor(byMoment, db, i).then(pick);
      if ((db as { embedded?: boolean }).embedded !== true) {
        if ((db as { atCommit?: unknown }).atCommit)
          return db.get<{ value: string }>(own).then((r) => r?.value ?? null);
        let turnRead = turnReads.get(db);
        if (!turnRead) turnReads.set(db, (turnRead = atTurnEnd(() => readEvery(db))));
        return turnRead().then(pick);
      }
      if (!clearing) {
        clearing = true;
        setImmediate(() => {
          thisTurn = new WeakMap();
          clearing = false;
        });
      }
      return heldFor(thisTurn, db, i).then(pick);
    },
    /**
     * Whether a lookup through `db` that must read some rows' versions anyway should take the token in
     * the same statement (`column`) rather than read it first: on a shared store, outside a
     * transaction, unless a `oneMoment` handle holds a read of it still good. There the token's read
     * is a round trip of its own, before the versions' (issue #23: a step of the streams' dispatcher
     * read the posts' token, then the new posts' versions, then the users' token, then the authors,
     * four round trips one after another on PostgreSQL). One statement reads both as of one snapshot,
     * so a version it returns is exactly the one under the token it returns with it.
     */
    withRows(db: Reader): boolean {
      const d = db as { embedded?: boolean; atCommit?: unknown };
      if (d.embedded === true || d.atCommit) return false;
      const h = moments.has(db) ? byMoment.get(db) : undefined;
      return !h || h.moves[i] !== moves[i];
    },
    /** The token as a column of a read of rows (`withRows`): `(SELECT value FROM t WHERE id = n) AS generation`. */
    column: () => `(${own}) AS generation`,
    /** The token's value in a row read by `readWithTokens`. */
    of: (row: object): string | null => (row as Values)[key] ?? null,
    changed(): void {
      moves[i]!++;
    },
    /**
     * The statement that replaces the token (at a transaction's commit: store/db.ts `atCommit`). The
     * value is random, so no store ever holds a value another held.
     */
    replaceSql: () => replace,
    /** The statement that writes a token where there is none, and leaves one that is there. */
    ensureSql: () => ensure,
  };
}
