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
import type { MemberRow } from './custom-audiences.repo.js';
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

/**
 * The members after the operations, in order, over what the store holds: an Update adds or renews
 * each identifier of the user under the user's first identifier (its `member`); a Delete removes the
 * whole user matched by any identifier used at add time (notes §10.2), stored or added earlier in the
 * same request. Returns what to delete (by member, by identifier) and what to write, each once.
 */
function plan(ops: UserOperation[], stored: Map<string, string>) {
  const live = new Map<string, MemberRow>();
  // Which identifiers each member holds in `live`: needed only to remove members, so kept only when
  // the request deletes (a 5 MB batch of Updates would otherwise build ~60,000 sets for nothing).
  const deletes = ops.some((op) => op.type === 'Delete');
  const identsOf = new Map<string, Set<string>>();
  const goneMembers = new Set<string>();
  const goneIdents = new Set<string>();
  for (const op of ops)
    for (const idents of op.users) {
      if (op.type === 'Update') {
        const member = idents[0]!;
        for (const ident of idents) {
          if (deletes) {
            const prev = live.get(ident);
            if (prev && prev.member !== member) identsOf.get(prev.member)?.delete(ident);
            let set = identsOf.get(member);
            if (!set) identsOf.set(member, (set = new Set()));
            set.add(ident);
          }
          live.set(ident, { ident, member, effective_at: op.effectiveAt, expires_at: op.expiresAt });
        }
        continue;
      }
      const members = new Set<string>();
      for (const ident of idents) {
        const m = live.get(ident)?.member ?? stored.get(ident);
        if (m) members.add(m);
      }
      for (const m of members) {
        goneMembers.add(m);
        for (const ident of identsOf.get(m) ?? []) {
          live.delete(ident);
          goneIdents.add(ident);
        }
        identsOf.delete(m);
      }
    }
  // Written in key order: neighbouring rows share index pages, which a 5 MB batch of random hashes
  // otherwise reads and writes one row at a time (bench/ads-audiences.bench.ts).
  const keys = [...live.keys()].sort();
  return { goneMembers: [...goneMembers], goneIdents: [...goneIdents], write: keys.map((k) => live.get(k)!) };
}

export async function applyUsers(deps: Deps, account: AdsAccount, id: string, body: unknown) {
  await requireOwnedAudience(deps.db, account.id, id);
  const now = deps.clock.now();
  const ops = readUserOperations(body, now);
  const total = ops.reduce((n, op) => n + op.users.length, 0);
  await deps.db.tx(async (tx) => {
    await requireOwnedAudience(tx, account.id, id);
    const deleted = [...new Set(ops.filter((op) => op.type === 'Delete').flatMap((op) => op.users.flat()))];
    const stored = deleted.length ? await repo.membersOf(tx, id, deleted) : new Map<string, string>();
    const p = plan(ops, stored);
    await repo.deleteMembers(tx, id, p.goneMembers);
    await repo.deleteIdents(tx, id, p.goneIdents);
    await repo.upsertMembers(tx, id, p.write);
    // A change starts a new round of processing (issue #19: PROCESSING for a while after a change).
    await repo.updateAudience(tx, id, { processed_at: now + PROCESSING_MS, updated_at: now });
  });
  return { success_count: total, total_count: total };
}
