// Processing an audience's users batches (docs/adr/0025): the requests left their changes in order
// (migration 0037, custom-audiences.changes.ts); processing applies every waiting change of the
// audience to its members (migration 0022) in one transaction and removes them. Consecutive runs of
// Updates are merged first, so their users reach the members' b-tree in one sorted pass however many
// batches were sent: a 1.2 M-user audience sent 20 batches has its pages written once, not 20 times.
//
// When: at the end of the audience's processing on the service clock (a timer armed by each batch and,
// at start, for every audience with changes waiting), and before anything reads an audience's members
// (its size, targetability, a later Delete), so what is read is always exact.
import type { Deps } from '../../../deps.js';
import type { Db, Queryable } from '../../../store/index.js';
import {
  decodeOps,
  mergeRuns,
  runOf,
  type Run,
  type User,
  type UserOperation,
  type Window,
} from './custom-audiences.changes.js';
import * as repo from './custom-audiences.repo.js';

/** What a request with Deletes writes: users to remove (with their identifiers), identifiers to drop, users. */
type Plan = { goneMembers: string[]; goneIdents: string[]; run: Run };

const identsOf = (u: User): string[] => (typeof u === 'string' ? [u] : u);

/**
 * The users after the operations, in order, over what the store holds: an Update adds or renews the
 * user keyed by its first identifier and points its other identifiers at that key; a Delete removes
 * every user matched by any identifier used at add time (notes §10.2), stored or added earlier in the
 * same request, with all of its identifiers.
 */
export function plan(ops: UserOperation[], stored: { keys: Set<string>; side: Map<string, string> }): Plan {
  const users = new Map<string, Window | null>(); // user key → window, or null once removed
  const side = new Map<string, string | null>(); // additional identifier → user key, or null once removed
  const sideOf = new Map<string, Set<string>>(); // user key → its identifiers in `side`
  const gone = new Set<string>();
  const isUser = (k: string) => (users.has(k) ? users.get(k) !== null : stored.keys.has(k));
  const userOf = (ident: string) => {
    if (side.has(ident)) return side.get(ident) ?? null;
    const m = stored.side.get(ident);
    // A stored identifier of a user removed earlier in the request went with it.
    return m !== undefined && !gone.has(m) ? m : null;
  };
  for (const op of ops)
    for (const user of op.users) {
      const idents = identsOf(user);
      if (op.type === 'Update') {
        const key = idents[0]!;
        users.set(key, op);
        for (let i = 1; i < idents.length; i++) {
          const ident = idents[i]!;
          const prev = side.get(ident);
          if (prev) sideOf.get(prev)?.delete(ident);
          side.set(ident, key);
          let set = sideOf.get(key);
          if (!set) sideOf.set(key, (set = new Set()));
          set.add(ident);
        }
        continue;
      }
      const matched = new Set<string>();
      for (const ident of idents) {
        if (isUser(ident)) matched.add(ident);
        const m = userOf(ident);
        if (m) matched.add(m);
      }
      for (const m of matched) {
        gone.add(m);
        users.set(m, null);
        for (const ident of sideOf.get(m) ?? []) side.set(ident, null);
        sideOf.delete(m);
      }
    }
  const keys = [...users].flatMap(([k, w]) => (w ? [k] : [])).sort();
  const idents: [string, string][] = [];
  const goneIdents: string[] = [];
  for (const [ident, m] of side)
    if (m) idents.push([ident, m]);
    else goneIdents.push(ident);
  return {
    goneMembers: [...gone],
    goneIdents,
    run: { keys, windows: keys.map((k) => users.get(k)!), idents },
  };
}

async function writeRun(q: Queryable, audienceId: string, run: Run): Promise<void> {
  await repo.upsertMembers(q, audienceId, run.keys, run.windows);
  await repo.upsertIdents(q, audienceId, run.idents);
}

/** A request with Deletes, over what the store holds now (the changes before it applied). */
async function applyOps(q: Queryable, audienceId: string, ops: UserOperation[]): Promise<void> {
  const deleted = [...new Set(ops.filter((op) => op.type === 'Delete').flatMap((op) => op.users.flat()))];
  const p = plan(ops, await repo.storedIdents(q, audienceId, deleted));
  // Removals first: a user removed and then added again in the same request is written back after.
  await repo.deleteMembers(q, audienceId, p.goneMembers);
  await repo.deleteIdents(q, audienceId, p.goneIdents);
  await writeRun(q, audienceId, p.run);
}

/**
 * Applies every change waiting for the audience, in the order the requests were answered, inside the
 * caller's transaction; answers whether there was any. The audience's row is written first, so on
 * PostgreSQL a concurrent users batch or processing of the same audience waits for this one.
 */
export async function processChanges(q: Queryable, audienceId: string): Promise<boolean> {
  await repo.lockAudience(q, audienceId);
  const rows = await repo.changesOf(q, audienceId);
  if (!rows.length) return false;
  let runs: Run[] = [];
  const flush = async () => {
    if (runs.length) await writeRun(q, audienceId, mergeRuns(runs));
    runs = [];
  };
  for (const r of rows) {
    const ops = decodeOps(r.body);
    if (!ops.some((op) => op.type === 'Delete')) runs.push(runOf(ops));
    else {
      await flush();
      await applyOps(q, audienceId, ops);
    }
  }
  await flush();
  await repo.deleteChanges(q, audienceId, Number(rows[rows.length - 1]!.seq));
  return true;
}

/** Before members are read: the audiences among these with changes waiting, processed (each in its own transaction). */
export async function settle(db: Db, audienceIds: string[]): Promise<void> {
  for (const id of await repo.audiencesWithChanges(db, audienceIds)) await db.tx((tx) => processChanges(tx, id));
}

/** As `settle`, inside a transaction the caller holds. */
export async function settleIn(tx: Queryable, audienceIds: string[]): Promise<void> {
  for (const id of await repo.audiencesWithChanges(tx, audienceIds)) await processChanges(tx, id);
}

/**
 * Processes the audience when its processing ends, if no later batch moved that end (that batch's own
 * timer then does it). Timers live in the server's scheduler; the store is the truth (startProcessing).
 */
export function armProcessing(deps: Deps, audienceId: string, due: number): void {
  deps.scheduler.at(
    due,
    async () => {
      const row = await repo.audienceById(deps.db, audienceId);
      if (!row || row.processed_at > deps.clock.now()) return;
      await deps.db
        .tx((tx) => processChanges(tx, audienceId))
        .catch((err) => deps.log.error({ err, audienceId }, 'custom audience not processed'));
    },
    `custom-audience:${audienceId}`,
  );
}

/** At start: a timer for every audience with changes waiting (those overdue run at once in real time). */
export async function startAudienceProcessing(
  deps: Deps,
  onError: (err: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  try {
    for (const r of await repo.audiencesWaiting(deps.db)) armProcessing(deps, r.id, Number(r.processed_at));
  } catch (err) {
    onError(err);
  }
  // The timers are the scheduler's, stopped with it.
  return { stop: async () => undefined };
}
