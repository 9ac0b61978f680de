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

type Reader = { all: unknown; get: unknown; run: unknown };

/** Handles made by `oneMoment`: their generation tokens are read once each (see there). */
const moments = new WeakSet<object>();

/**
 * A handle on `db` (ADR 0028) for one unit of background work (a step of the fan-out or of the streams'
 * dispatcher) whose reads may all be taken as of its start: each table's generation token is read
 * once through it, not once per lookup (on PostgreSQL a round trip each, several a post). Rows are
 * then as fresh as that first read, as if the step had read everything at once; a write of this
 * process to the table (`changed`) still reads it again. Transactions opened through it are not
 * the handle, and read the token as usual.
 */
export function oneMoment<Q extends Reader>(db: Q): Q {
  const handle = { ...db };
  moments.add(handle);
  return handle;
}

/**
 * A table's generation token, read from the store at most once per turn of the event loop on the
 * embedded store (`Db.embedded`): there every write goes through this process's one connection, in
 * turn, and each write of the table calls `changed()` in its transaction (the repository's `touch`),
 * so the memo is exact for this process's writes. A write by another process sharing the file (or a
 * reset, which empties the tables without touching) is seen from the next turn.
 *
 * On PostgreSQL other processes write concurrently, so a read already sent may predate a write that
 * a later caller must see. There the callers of one turn share one read sent at its end (turn-batch.ts
 * `atTurnEnd`): every caller asked before the read left, so each sees the store as of a moment after
 * it asked, as its own read would (issue #23: a post's creation asked for its author's token, a round
 * trip a post, and the firehose starts a tick's posts in one turn). Inside a transaction the reader
 * is not the store: those read at once.
 */
export function generationToken<Q extends Reader>(read: (db: Q) => Promise<string | null>) {
  let memo = new WeakMap<Q, Promise<string | null>>();
  let clearing = false;
  /** Tokens read through `oneMoment` handles, kept as long as the handle. */
  let held = new WeakMap<Q, Promise<string | null>>();
  /** A shared store's read, made once a turn for the turn's callers. */
  const turnReads = new WeakMap<Q, () => Promise<string | null>>();
  return {
    read(db: Q): Promise<string | null> {
      if (moments.has(db)) {
        let token = held.get(db);
        if (!token) held.set(db, (token = read(db)));
        return token;
      }
      if ((db as { embedded?: boolean }).embedded !== true) {
        if ((db as { beforeCommit?: unknown }).beforeCommit) return read(db);
        let turnRead = turnReads.get(db);
        if (!turnRead) turnReads.set(db, (turnRead = atTurnEnd(() => read(db))));
        return turnRead();
      }
      let token = memo.get(db);
      if (!token) {
        token = read(db);
        memo.set(db, token);
        if (!clearing) {
          clearing = true;
          setImmediate(() => {
            memo = new WeakMap();
            clearing = false;
          });
        }
      }
      return token;
    },
    changed(): void {
      memo = new WeakMap();
      held = new WeakMap();
    },
  };
}
