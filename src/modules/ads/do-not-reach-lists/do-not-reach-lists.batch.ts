// POST batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users (notes §10.4, §3.3;
// DOCS audiences/reference.mdx "Do Not Reach Lists"): a JSON array of at most 2,500
// `{operation_type: Update|Delete, params: {expires_at?, users: [{email: [...], phone_number: [...]}]}}`.
// The kit reads each operation's scalar parameters (kit/batch.ts) with `users` set aside, since it
// reads scalars only; `users` is checked here. The whole request is one transaction, all or nothing;
// item-level faults are answered at their input index in `operation_errors`. The answer is one
// `{success_count, total_count}` per operation (the number of user objects, equal when done) and the
// batch-style echo `[{params: {do_not_reach_list_id, expires_at, account_id}, operation_type}]`.
//
// Rules (DOCS): identifiers are SHA-256 hex hashes (the example is upper-case hex, so either case is
// read; stored lower-case); the prose says "only accepts emails" while the example also sends
// `phone_number`, so those two keys are read and every other key is refused; `effective_at` is not
// accepted ("defaults to the current timestamp"); `expires_at` must be later than now and "less than
// 13 months from the current timestamp", and when absent is 13 months on (the reference calls it
// both required and optional, notes §10.4: Aviary takes the default).
import type { Deps } from '../../../deps.js';
import { str, time } from '../../../http/input.js';
import type { AdsAccount } from '../kit/account.js';
import { applyAll, readOperations } from '../kit/batch.js';
import type { AdsError } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import type { AdsContext } from '../kit/router.js';
import { adsTime } from '../kit/time.js';
import type { Queryable } from '../../../store/index.js';
import * as repo from './do-not-reach-lists.repo.js';
import { requireLiveList } from './do-not-reach-lists.service.js';

/** "The current maximum batch size is 2500 for this endpoint" (DOCS). */
export const MAX_OPERATIONS = 2500;
const KINDS = ['email', 'phone_number'] as const;
const SHA256 = /^[0-9a-fA-F]{64}$/;
/** Errors reported per operation at most (a bad file of thousands of users answers a readable page). */
const ERRORS_MAX = 100;

// `effective_at` is declared only to be refused by name (the kit ignores undeclared parameters).
const SHAPE = { expires_at: time(), effective_at: str() };
const SHAPES = { Update: SHAPE, Delete: SHAPE };

type User = { ukeys: string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const err = (code: AdsError['code'], message: string, parameter: string): AdsError => ({ code, message, parameter });

/** 13 months after `now`, on the calendar (UTC). */
export function thirteenMonthsAfter(now: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() + 13);
  return d.getTime();
}

/** The users of one operation as identifier keys (`email:<hash>`), or the faults found. */
export function readUsers(users: unknown): { users: User[]; errors: AdsError[] } {
  const errors: AdsError[] = [];
  if (users === undefined || users === null)
    return { users: [], errors: [err('MISSING_PARAMETER', '"users" is a required parameter', 'users')] };
  if (!Array.isArray(users))
    return { users: [], errors: [err('INVALID_PARAMETER', 'Expected an array of user objects for users', 'users')] };
  if (users.length === 0)
    return {
      users: [],
      errors: [err('INVALID_PARAMETER', 'A minimum of 1 items must be provided for users', 'users')],
    };
  const out: User[] = [];
  for (const [i, u] of users.entries()) {
    if (errors.length >= ERRORS_MAX) break;
    if (!isObject(u)) {
      errors.push(err('INVALID_PARAMETER', `Expected an object for users[${i}]`, 'users'));
      continue;
    }
    const ukeys = new Set<string>();
    for (const [key, values] of Object.entries(u)) {
      if (!(KINDS as readonly string[]).includes(key)) {
        errors.push(
          err(
            'INVALID_PARAMETER',
            `Expected one of ${KINDS.join(', ')}, got ${JSON.stringify(key)} in users[${i}]`,
            key,
          ),
        );
        continue;
      }
      if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) {
        errors.push(err('INVALID_PARAMETER', `Expected an array of strings for ${key} in users[${i}]`, key));
        continue;
      }
      for (const v of values as string[]) {
        // The real wording for a bad hash: `hashed_email (abc) is not a valid SHA-256 hash` (notes §3.2).
        if (!SHA256.test(v)) errors.push(err('INVALID_PARAMETER', `${key} (${v}) is not a valid SHA-256 hash`, key));
        else ukeys.add(`${key}:${v.toLowerCase()}`);
      }
    }
    // The real wording (notes §3.2, web conversions).
    if (ukeys.size === 0 && !errors.length)
      errors.push(err('INVALID_PARAMETER', 'At least one user identifier must be provided', ''));
    out.push({ ukeys: [...ukeys] });
  }
  return { users: out, errors: errors.slice(0, ERRORS_MAX) };
}

function expiryOf(p: { expires_at?: number; effective_at?: string }, now: number): { at: number; errors: AdsError[] } {
  const errors: AdsError[] = [];
  if (p.effective_at !== undefined)
    errors.push(
      err(
        'INVALID_PARAMETER',
        'effective_at is not accepted by Do Not Reach Lists: membership starts when the request is processed',
        'effective_at',
      ),
    );
  const limit = thirteenMonthsAfter(now);
  const at = p.expires_at ?? limit;
  if (p.expires_at !== undefined && at <= now)
    errors.push(
      err(
        'INVALID_PARAMETER',
        `Expected a time later than ${adsTime(now)}, got "${adsTime(at)}" for expires_at`,
        'expires_at',
      ),
    );
  else if (p.expires_at !== undefined && at >= limit)
    errors.push(
      err(
        'INVALID_PARAMETER',
        `Expected a time less than 13 months from now (before ${adsTime(limit)}), got "${adsTime(at)}" for expires_at`,
        'expires_at',
      ),
    );
  return { at, errors };
}

/** Adds (or refreshes) one user: identifiers seen before bring their member along, so a user known
 * by an email and later by a phone number too stays one member. */
async function addUser(deps: Deps, tx: Queryable, listId: string, u: User, expiresAt: number): Promise<void> {
  const found = await repo.membersByKeys(tx, listId, u.ukeys);
  const members = [...new Set(found.map((m) => m.member_id))];
  const into = members[0] ?? newId36(deps.ids);
  if (members.length) await repo.mergeMembers(tx, listId, members, into, expiresAt);
  await repo.putMembers(
    tx,
    listId,
    u.ukeys.map((ukey) => ({ ukey, member_id: into })),
    expiresAt,
  );
}

/** Removes the members any of whose identifiers is given (DOCS audiences.mdx: deletes match on any key). */
async function removeUser(tx: Queryable, listId: string, u: User): Promise<void> {
  const found = await repo.membersByKeys(tx, listId, u.ukeys);
  if (found.length) await repo.dropMembers(tx, listId, [...new Set(found.map((m) => m.member_id))]);
}

export async function runUsersBatch(deps: Deps, account: AdsAccount, ctx: AdsContext) {
  const listId = ctx.path.do_not_reach_list_id!;
  await requireLiveList(deps, account.id, listId);
  const body = ctx.body;
  const given = Array.isArray(body) ? body : [];
  // The kit reads the scalar parameters; `users` is read below.
  const scalars = Array.isArray(body)
    ? body.map((op: unknown) => {
        if (!isObject(op) || !isObject(op.params)) return op;
        const { users: _users, ...rest } = op.params;
        return { ...op, params: rest };
      })
    : body;
  const reads = readOperations(scalars, account.id, { max: MAX_OPERATIONS, shapes: SHAPES });
  const now = deps.clock.now();
  const plans = reads.map((r, i) => {
    const echo = r.echo as { params: Record<string, unknown> };
    echo.params = { ...echo.params, do_not_reach_list_id: listId };
    const raw = given[i] as { params?: { users?: unknown } } | undefined;
    const users = readUsers(isObject(raw?.params) ? raw.params.users : undefined);
    const expiry = r.op ? expiryOf(r.op.params, now) : { at: 0, errors: [] };
    const errors = [...r.errors, ...expiry.errors, ...users.errors];
    return { read: { ...r, op: errors.length ? null : r.op, errors }, users: users.users, expiresAt: expiry.at };
  });
  ctx.echoBatch(reads.map((r) => r.echo));
  // Any fault: the kit answers every operation's errors at its index (nothing is applied).
  if (plans.some((p) => p.read.errors.length))
    await applyAll(
      plans.map((p) => p.read),
      async () => null,
    );
  return deps.db.tx(async (tx) => {
    const data: { success_count: number; total_count: number }[] = [];
    for (const p of plans) {
      const type = p.read.op!.type;
      for (const u of p.users)
        if (type === 'Update') await addUser(deps, tx, listId, u, p.expiresAt);
        else await removeUser(tx, listId, u);
      data.push({ success_count: p.users.length, total_count: p.users.length });
    }
    await repo.markChanged(tx, listId, now);
    return data;
  });
}
