// Batch endpoints (notes §3.1, §3.3; DOCS POST batch/accounts/:account_id/{campaigns,line_items,
// targeting_criteria}): a JSON array of `{operation_type, params}`, each operation read with the
// single endpoints' parameter specs, all applied in order in one transaction, all or nothing.
// Request-level faults (not an array, none, too many) answer under `errors` alone. Each operation's
// own faults stay at its index in `operation_errors` (an empty array for one that had none: what the
// real service shows there is not documented), and are repeated under `errors`, the only member the
// SDKs read (§3.3). The `request` of every answer echoes the operations in input order, each with
// the account (DOCS examples). Request-level wording is Aviary's, in the patterns of §3.2.
import type { Infer, Shape } from '../../../http/input.js';
import { Problem } from '../../../shared/problems.js';
import { adsError, adsErrors, type AdsCode, type AdsError } from './errors.js';
import { mergeRaw, readAds } from './params.js';

/** The errors a thrown Ads problem carries, or null for any other failure (which goes on up). */
export function errorsOf(e: unknown): AdsError[] | null {
  const ads = e instanceof Problem ? e.legacy.ads : undefined;
  if (!ads) return null;
  const { more = [], ...first } = ads;
  return [first, ...more].map((x) => ({ code: x.code as AdsCode, message: x.message, parameter: x.parameter ?? '' }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function operationsOf(body: unknown, max: number): unknown[] {
  if (!Array.isArray(body))
    throw adsError('INVALID_PARAMETER', 'Expected a JSON array of {operation_type, params} for body', 'body');
  if (body.length === 0) throw adsError('INVALID_PARAMETER', 'A minimum of 1 items must be provided for body', 'body');
  if (body.length > max)
    throw adsError('INVALID_PARAMETER', `A maximum of ${max} items may be provided for body`, 'body');
  return body;
}

function shapeErrors(o: Record<string, unknown>, types: readonly string[]): AdsError[] {
  const out: AdsError[] = [];
  const type = o.operation_type;
  if (type === undefined || type === null)
    out.push({
      code: 'MISSING_PARAMETER',
      message: '"operation_type" is a required parameter',
      parameter: 'operation_type',
    });
  else if (!types.includes(type as string))
    out.push({
      code: 'INVALID_PARAMETER',
      message: `Expected a value in ${types.join(', ')}, got ${JSON.stringify(String(type))} for operation_type`,
      parameter: 'operation_type',
    });
  if (o.params === undefined || o.params === null)
    out.push({ code: 'MISSING_PARAMETER', message: '"params" is a required parameter', parameter: 'params' });
  else if (!isObject(o.params))
    out.push({ code: 'INVALID_PARAMETER', message: 'Expected an object for params', parameter: 'params' });
  else
    // Each parameter is a scalar, or an array of scalars for list parameters: nothing else has a
    // query-string form to read it as.
    for (const [k, v] of Object.entries(o.params))
      if (!isScalar(v) && !(Array.isArray(v) && v.every(isScalar)))
        out.push({
          code: 'INVALID_PARAMETER',
          message: `Expected a string, number, boolean or an array of them, got ${JSON.stringify(v).slice(0, 100)} for ${k}`,
          parameter: k,
        });
  return out;
}

/**
 * One operation read: its type and the params its own shape reads, as a union discriminated by
 * `type`, so that a switch on `op.type` gives each branch its shape's params (no casts).
 */
export type Operation<S extends Record<string, Shape>> = {
  [T in keyof S & string]: { type: T; params: Infer<S[T]> };
}[keyof S & string];
type Read<S extends Record<string, Shape>> = { op: Operation<S> | null; errors: AdsError[]; echo: unknown };

/** Reads every operation; those refused keep their errors for `operation_errors`. */
export function readOperations<S extends Record<string, Shape>>(
  body: unknown,
  accountId: string,
  o: { max: number; shapes: S },
): Read<S>[] {
  const types = Object.keys(o.shapes);
  return operationsOf(body, o.max).map((item) => {
    const it = isObject(item) ? item : {};
    const given = isObject(it.params) ? it.params : {};
    const echo = { params: { ...given, account_id: accountId }, operation_type: it.operation_type };
    const refused = shapeErrors(it, types);
    if (refused.length) return { op: null, errors: refused, echo };
    const type = it.operation_type as keyof S & string;
    try {
      // JSON values read like query values: arrays as repeated keys, numbers and booleans as text.
      const read = readAds(mergeRaw(given), o.shapes[type]!);
      echo.params = { ...read.echo, account_id: accountId };
      return { op: { type, params: read.value } as Operation<S>, errors: [], echo };
    } catch (e) {
      const errors = errorsOf(e);
      if (!errors) throw e;
      return { op: null, errors, echo };
    }
  });
}

/**
 * Applies every operation that was read, in order (call inside the batch's transaction), trying each
 * so that every refused one is reported; throws one envelope with `operation_errors` if any failed.
 */
export async function applyAll<S extends Record<string, Shape>, R>(
  reads: Read<S>[],
  apply: (op: Operation<S>) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  const errors: AdsError[][] = [];
  for (const r of reads) {
    if (!r.op) {
      errors.push(r.errors);
      continue;
    }
    try {
      results.push(await apply(r.op));
      errors.push([]);
    } catch (e) {
      const found = errorsOf(e);
      if (!found) throw e;
      errors.push(found);
    }
  }
  const all = errors.flat();
  if (all.length) throw adsErrors(all, { operation_errors: errors });
  return results;
}
