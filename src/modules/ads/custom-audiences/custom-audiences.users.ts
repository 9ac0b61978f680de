// POST accounts/:account_id/custom_audiences/:custom_audience_id/users (seed "Audiences"; notes
// §10.2, §3.3): a JSON array of at most 2,500 `Update`/`Delete` operations (the 5,000,000-byte limit
// is the router's, kit/router.ts `maxBodyBytes`), each `{operation_type, params: {users,
// effective_at?, expires_at?}}`. Request-level faults answer under `errors`; each operation's faults
// stay at its input index in `operation_errors` (repeated under `errors`, which the SDKs read, as
// kit/batch.ts does). The request is atomic; the answer is one `{success_count, total_count}` object
// over every user of every operation (notes §10.2: the SDKs read `data.success_count`).
import type { Deps } from '../../../deps.js';
import { time } from '../../../http/input.js';
import type { AdsAccount } from '../kit/account.js';
import { errorsOf } from '../kit/batch.js';
import { adsError, adsErrors, type AdsError } from '../kit/errors.js';
import { mergeRaw, readAds } from '../kit/params.js';
import * as repo from './custom-audiences.repo.js';
import { MAX_OPERATIONS, PROCESSING_MS, readUser, thirteenMonthsAfter } from './custom-audiences.rules.js';
import { requireOwnedAudience } from './custom-audiences.service.js';

type UserOperation = { type: 'Update' | 'Delete'; users: string[][]; effectiveAt: number; expiresAt: number };

const TYPES = ['Update', 'Delete'];
/** At most this many errors are reported per operation: a 5 MB body of bad values would answer ~10 MB. */
const ERRORS_PER_OPERATION = 20;
const TIMES = { effective_at: time(), expires_at: time() };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readOperation(item: unknown, now: number): { op: UserOperation | null; errors: AdsError[] } {
  const errors: AdsError[] = [];
  const o = isObject(item) ? item : {};
  const type = o.operation_type;
  if (type === undefined || type === null)
    errors.push({
      code: 'MISSING_PARAMETER',
      message: '"operation_type" is a required parameter',
      parameter: 'operation_type',
    });
  else if (!TYPES.includes(type as string))
    errors.push({
      code: 'INVALID_PARAMETER',
      message: `Expected a value in ${TYPES.join(', ')}, got ${JSON.stringify(String(type))} for operation_type`,
      parameter: 'operation_type',
    });
  if (!isObject(o.params)) {
    errors.push(
      o.params === undefined || o.params === null
        ? { code: 'MISSING_PARAMETER', message: '"params" is a required parameter', parameter: 'params' }
        : { code: 'INVALID_PARAMETER', message: 'Expected an object for params', parameter: 'params' },
    );
    return { op: null, errors };
  }
  const p = o.params;
  let effectiveAt = now;
  let expiresAt = thirteenMonthsAfter(now);
  try {
    const given: Record<string, unknown> = {};
    for (const k of ['effective_at', 'expires_at'] as const) if (p[k] !== undefined && p[k] !== null) given[k] = p[k];
    const t = readAds(mergeRaw(given), TIMES).value;
    effectiveAt = t.effective_at ?? effectiveAt;
    expiresAt = t.expires_at ?? expiresAt;
    // "expires_at must be later than effective_at" (seed); the code is the table's INVALID_TIME_WINDOW.
    if (expiresAt <= effectiveAt)
      errors.push({
        code: 'INVALID_TIME_WINDOW',
        message: 'expires_at must be later than effective_at',
        parameter: 'expires_at',
      });
  } catch (e) {
    const found = errorsOf(e);
    if (!found) throw e;
    errors.push(...found);
  }
  const users: string[][] = [];
  if (p.users === undefined || p.users === null)
    errors.push({ code: 'MISSING_PARAMETER', message: '"users" is a required parameter', parameter: 'users' });
  else if (!Array.isArray(p.users) || p.users.length === 0)
    errors.push({
      code: 'INVALID_PARAMETER',
      message: 'A minimum of 1 items must be provided for users',
      parameter: 'users',
    });
  else
    for (const u of p.users) {
      const read = readUser(u);
      errors.push(...read.errors);
      users.push(read.idents);
    }
  if (errors.length) return { op: null, errors: errors.slice(0, ERRORS_PER_OPERATION) };
  return { op: { type: type as UserOperation['type'], users, effectiveAt, expiresAt }, errors };
}

/** Every operation read and checked; throws the request-level or item-level errors found. */
export function readUserOperations(body: unknown, now: number): UserOperation[] {
  if (!Array.isArray(body))
    throw adsError('INVALID_PARAMETER', 'Expected a JSON array of {operation_type, params} for body', 'body');
  if (body.length === 0) throw adsError('INVALID_PARAMETER', 'A minimum of 1 items must be provided for body', 'body');
  if (body.length > MAX_OPERATIONS)
    throw adsError('INVALID_PARAMETER', `A maximum of ${MAX_OPERATIONS} items may be provided for body`, 'body');
  const reads = body.map((item) => readOperation(item, now));
  const all = reads.flatMap((r) => r.errors);
  if (all.length) throw adsErrors(all, { operation_errors: reads.map((r) => r.errors) });
  return reads.map((r) => r.op!);
}

type Window = { effectiveAt: number; expiresAt: number };
/** What a request writes: users to remove (and their identifiers), identifiers to drop, users to add or renew. */
type Plan = {
  goneMembers: string[];
  goneIdents: string[];
  /** Users to add or renew, by window; keys sorted and distinct within each. */
  write: { window: Window; keys: string[] }[];
  /** Additional identifiers → their user's key. */
  idents: Map<string, string>;
};

/** Sorted, each once (the sort puts equal keys side by side). */
function sortedDistinct(keys: string[]): string[] {
  keys.sort();
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (i === 0 || keys[i] !== keys[n - 1]) keys[n++] = keys[i]!;
  keys.length = n;
  return keys;
}

/**
 * A request of Updates only (the common 5 MB batch): nothing to look up or remove, so users go straight
 * from the operations to key lists, one per window, a later operation's window winning for a user sent
 * twice. No per-user object is built.
 */
function planUpdates(ops: UserOperation[]): Plan {
  const idents = new Map<string, string>();
  const first = ops[0]!;
  const oneWindow = ops.every((op) => op.effectiveAt === first.effectiveAt && op.expiresAt === first.expiresAt);
  const keys: string[] = [];
  const windowOf = oneWindow ? null : new Map<string, UserOperation>();
  for (const op of ops)
    for (const user of op.users) {
      const key = user[0]!;
      if (windowOf) windowOf.set(key, op);
      else keys.push(key);
      for (let i = 1; i < user.length; i++) idents.set(user[i]!, key);
    }
  if (!windowOf)
    return { goneMembers: [], goneIdents: [], write: [{ window: first, keys: sortedDistinct(keys) }], idents };
  const byWindow = new Map<UserOperation, string[]>();
  for (const [key, op] of windowOf) {
    let list = byWindow.get(op);
    if (!list) byWindow.set(op, (list = []));
    list.push(key);
  }
  return {
    goneMembers: [],
    goneIdents: [],
    write: [...byWindow].map(([window, list]) => ({ window, keys: list.sort() })),
    idents,
  };
}

/**
 * The users after the operations, in order, over what the store holds: an Update adds or renews the
 * user keyed by its first identifier and points its other identifiers at that key; a Delete removes
 * every user matched by any identifier used at add time (notes §10.2), stored or added earlier in the
 * same request, with all of its identifiers.
 */
function plan(ops: UserOperation[], stored: { keys: Set<string>; side: Map<string, string> }): Plan {
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
    for (const idents of op.users) {
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
  const byWindow = new Map<Window, string[]>();
  for (const [key, w] of users) {
    if (!w) continue;
    let list = byWindow.get(w);
    if (!list) byWindow.set(w, (list = []));
    list.push(key);
  }
  const idents = new Map<string, string>();
  const goneIdents: string[] = [];
  for (const [ident, m] of side)
    if (m) idents.set(ident, m);
    else goneIdents.push(ident);
  return {
    goneMembers: [...gone],
    goneIdents,
    write: [...byWindow].map(([window, keys]) => ({ window, keys: keys.sort() })),
    idents,
  };
}

export async function applyUsers(deps: Deps, account: AdsAccount, id: string, body: unknown) {
  await requireOwnedAudience(deps.db, account.id, id);
  const now = deps.clock.now();
  const ops = readUserOperations(body, now);
  let total = 0;
  for (const op of ops) total += op.users.length;
  await deps.db.tx(async (tx) => {
    await requireOwnedAudience(tx, account.id, id);
    let p: Plan;
    if (ops.some((op) => op.type === 'Delete')) {
      const deleted = [...new Set(ops.filter((op) => op.type === 'Delete').flatMap((op) => op.users.flat()))];
      p = plan(ops, await repo.storedIdents(tx, id, deleted));
    } else p = planUpdates(ops);
    // Removals first: a user removed and then added again in the same request is written back after.
    await repo.deleteMembers(tx, id, p.goneMembers);
    await repo.deleteIdents(tx, id, p.goneIdents);
    for (const w of p.write) await repo.upsertMembers(tx, id, w.keys, w.window.effectiveAt, w.window.expiresAt);
    await repo.upsertIdents(tx, id, p.idents);
    // A change starts a new round of processing (issue #19: PROCESSING for a while after a change).
    await repo.updateAudience(tx, id, { processed_at: now + PROCESSING_MS, updated_at: now });
  });
  return { success_count: total, total_count: total };
}
