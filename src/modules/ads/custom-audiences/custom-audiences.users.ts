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
import { encodeOps, type User, type UserOperation } from './custom-audiences.changes.js';
import { armProcessing } from './custom-audiences.processing.js';
import * as repo from './custom-audiences.repo.js';
import { MAX_OPERATIONS, PROCESSING_MS, readUser, thirteenMonthsAfter } from './custom-audiences.rules.js';
import { requireOwnedAudience } from './custom-audiences.service.js';

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
  const users: User[] = [];
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
      // Most users are sent with one identifier: kept as it, no array each.
      users.push(read.idents.length === 1 ? read.idents[0]! : read.idents);
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
 * The request stores its checked operations as a change for processing (custom-audiences.changes.ts,
 * docs/adr/0025) and answers: what it writes is proportional to the batch, whatever the audience
 * holds. Its users reach the members when processing applies the change, before anything reads them.
 */
export async function applyUsers(deps: Deps, account: AdsAccount, id: string, body: unknown) {
  await requireOwnedAudience(deps.db, account.id, id);
  const now = deps.clock.now();
  const ops = readUserOperations(body, now);
  let total = 0;
  for (const op of ops) total += op.users.length;
  const change = encodeOps(ops);
  const processedAt = now + PROCESSING_MS;
  await deps.db.tx(async (tx) => {
    await requireOwnedAudience(tx, account.id, id);
    // A change starts a new round of processing (issue #19: PROCESSING for a while after a change).
    // Written first: on PostgreSQL the row's lock puts concurrent batches of the audience in turn.
    await repo.updateAudience(tx, id, { processed_at: processedAt, updated_at: now });
    await repo.appendChange(tx, id, change);
  });
  armProcessing(deps, id, processedAt);
  return { success_count: total, total_count: total };
}
