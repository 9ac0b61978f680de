// POST /12/batch/accounts/:account_id/targeting_criteria (notes §3.1, §3.3, §8.4): a JSON array of up
// to 500 `{operation_type: "Create" | "Delete", params}`, applied in order in one transaction, all or
// nothing. Request-level errors (the body, too many operations) answer under `errors`; item-level
// errors under `operation_errors`, an array parallel to the input whose element for each operation
// is the array of its errors (empty for an operation that had none: what the real service shows for
// those is not documented). Because the SDKs read only `errors` (notes §3.3), every item error is also
// listed there. The request is echoed as an array of `{params, operation_type}` in input order.
import type { Deps } from '../../../deps.js';
import type { Infer } from '../../../http/input.js';
import { Problem } from '../../../shared/problems.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, adsErrors, type AdsCode, type AdsError } from '../kit/errors.js';
import { mergeRaw, readAds } from '../kit/params.js';
import type { TargetingCriterionRow } from './targeting-criteria.repo.js';
import { CREATE, DELETE } from './targeting-criteria.schema.js';
import { createIn, deleteIn, workIn } from './targeting-criteria.service.js';
import { criterionView } from './targeting-criteria.view.js';

/** "targeting criteria 500" (notes §3.3). */
export const MAX_OPERATIONS = 500;

type Operation = { type: 'Create'; params: Infer<typeof CREATE> } | { type: 'Delete'; params: Infer<typeof DELETE> };
type Read = { op: Operation; echo: Record<string, unknown> } | { errors: AdsError[]; echo: Record<string, unknown> };

/** The errors a thrown Ads error carries; anything else is not the caller's mistake and goes on up. */
function errorsOf(e: unknown): AdsError[] {
  if (!(e instanceof Problem) || !e.legacy.ads) throw e;
  const { more = [], ...first } = e.legacy.ads;
  return [first, ...more].map((x) => ({ code: x.code as AdsCode, message: x.message, parameter: x.parameter ?? '' }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body as a list of operations, or the request-level error. Messages are Aviary's wording. */
function operationsOf(body: unknown): unknown[] {
  // `parameter` is "" for errors not tied to one parameter (notes §3.2).
  if (!Array.isArray(body))
    throw adsError('INVALID_PARAMETER', 'Expected a JSON array of operations as the request body', '');
  if (body.length === 0) throw adsError('INVALID_PARAMETER', 'A minimum of 1 operations must be provided', '');
  if (body.length > MAX_OPERATIONS)
    throw adsError('INVALID_PARAMETER', `A maximum of ${MAX_OPERATIONS} operations may be provided`, '');
  return body;
}

const failed = (echo: Record<string, unknown>, code: AdsCode, message: string, parameter: string): Read => ({
  echo,
  errors: [{ code, message, parameter }],
});

/** One operation read: its type and typed params, or its errors; with what the echo shows of it. */
function readOperation(item: unknown, accountId: string): Read {
  const raw = isObject(item) ? item : {};
  const given = isObject(raw.params) ? raw.params : {};
  const echo = { ...given, account_id: accountId };
  const type = raw.operation_type;
  if (type === undefined)
    return failed(echo, 'MISSING_PARAMETER', '"operation_type" is a required parameter', 'operation_type');
  if (type !== 'Create' && type !== 'Delete') {
    const message = `Expected a value in Create, Delete, got ${JSON.stringify(String(type))} for operation_type`;
    return failed(echo, 'INVALID_PARAMETER', message, 'operation_type');
  }
  if (!isObject(raw.params)) return failed(echo, 'MISSING_PARAMETER', '"params" is a required parameter', 'params');
  try {
    if (type === 'Create') {
      const read = readAds(mergeRaw(given), CREATE);
      return { op: { type, params: read.value }, echo: { ...read.echo, account_id: accountId } };
    }
    const read = readAds(mergeRaw(given), DELETE);
    return { op: { type, params: read.value }, echo: { ...read.echo, account_id: accountId } };
  } catch (e) {
    return { echo, errors: errorsOf(e) };
  }
}

export async function runBatch(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  body: unknown,
  echoBatch: (request: unknown[]) => void,
) {
  const items = operationsOf(body);
  const reads = items.map((item) => readOperation(item, account.id));
  const typeOf = (item: unknown) => (isObject(item) ? item.operation_type : undefined);
  echoBatch(reads.map((r, i) => ({ params: r.echo, operation_type: typeOf(items[i]) })));
  const rows = await deps.db.tx(async (tx) => {
    const w = workIn(tx);
    const done: TargetingCriterionRow[] = [];
    const errors: AdsError[][] = [];
    for (const r of reads) {
      if ('errors' in r) {
        errors.push(r.errors);
        continue;
      }
      try {
        const { op } = r;
        done.push(
          op.type === 'Create'
            ? await createIn(deps, w, account, userId, op.params)
            : await deleteIn(deps, w, account, userId, op.params.targeting_criterion_id),
        );
        errors.push([]);
      } catch (e) {
        errors.push(errorsOf(e));
      }
    }
    // Any error undoes the whole batch: throwing rolls the transaction back.
    if (errors.some((e) => e.length > 0)) throw adsErrors(errors.flat(), { operation_errors: errors });
    return done;
  });
  return rows.map((row) => criterionView(row));
}
