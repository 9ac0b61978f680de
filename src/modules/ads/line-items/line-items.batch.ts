// Reading a line items batch (notes §3.3; DOCS POST batch/accounts/:account_id/line_items): a JSON
// array of at most 40 `{operation_type, params}`, each read with the single endpoints' parameters
// (Update and Delete name the line item by `line_item_id`). Request-level faults (not an array, none,
// too many) answer under `errors` alone; each operation's own faults are kept at its index for
// `operation_errors`. The `request` of every answer echoes the operations in input order, each with
// the account (DOCS example).
import type { Shape } from '../../../http/input.js';
import { adsError, type AdsError } from '../kit/errors.js';
import { mergeRaw, readAds } from '../kit/params.js';
import type { AdsContext } from '../kit/router.js';
import { CREATE_LINE_ITEM, LINE_ITEM_ID, UPDATE_LINE_ITEM } from './line-items.schema.js';
import { adsErrorsOf, runOperations, type Operation, type Writer } from './line-items.service.js';

/** "The current maximum batch size is 40" (DOCS). */
export const MAX_OPERATIONS = 40;
const OPERATION_TYPES = ['Create', 'Update', 'Delete'] as const;
type OperationType = (typeof OPERATION_TYPES)[number];

const SHAPES: Record<OperationType, Shape> = {
  Create: CREATE_LINE_ITEM,
  Update: { ...LINE_ITEM_ID, ...UPDATE_LINE_ITEM },
  Delete: LINE_ITEM_ID,
};

type Echo = { params: Record<string, unknown>; operation_type: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Request-level messages are Aviary's, in the patterns of the kit's (notes §3.2).
function operationsOf(body: unknown): unknown[] {
  if (!Array.isArray(body))
    throw adsError('INVALID_PARAMETER', 'Expected a JSON array of {operation_type, params} for body', 'body');
  if (body.length === 0) throw adsError('INVALID_PARAMETER', 'A minimum of 1 items must be provided for body', 'body');
  if (body.length > MAX_OPERATIONS)
    throw adsError('INVALID_PARAMETER', `A maximum of ${MAX_OPERATIONS} items may be provided for body`, 'body');
  return body;
}

function shapeErrors(o: Record<string, unknown>): AdsError[] {
  const out: AdsError[] = [];
  const type = o.operation_type;
  if (type === undefined || type === null)
    out.push({
      code: 'MISSING_PARAMETER',
      message: '"operation_type" is a required parameter',
      parameter: 'operation_type',
    });
  else if (!OPERATION_TYPES.includes(type as OperationType))
    out.push({
      code: 'INVALID_PARAMETER',
      message: `Expected a value in ${OPERATION_TYPES.join(', ')}, got ${JSON.stringify(String(type))} for operation_type`,
      parameter: 'operation_type',
    });
  if (o.params === undefined || o.params === null)
    out.push({ code: 'MISSING_PARAMETER', message: '"params" is a required parameter', parameter: 'params' });
  else if (!isObject(o.params))
    out.push({ code: 'INVALID_PARAMETER', message: 'Expected an object for params', parameter: 'params' });
  else out.push(...valueErrors(o.params));
  return out;
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Each parameter is a scalar, or an array of scalars for the list parameters (`placements`,
 * `categories`): anything else has no query-string form to read it as.
 */
function valueErrors(params: Record<string, unknown>): AdsError[] {
  return Object.entries(params)
    .filter(([, v]) => !isScalar(v) && !(Array.isArray(v) && v.every(isScalar)))
    .map(([k, v]) => ({
      code: 'INVALID_PARAMETER',
      message: `Expected a string, number, boolean or an array of them, got ${JSON.stringify(v).slice(0, 100)} for ${k}`,
      parameter: k,
    }));
}

/** One operation as the service takes it, and its echo. */
function readOperation(item: unknown, accountId: string): { op: Operation; echo: Echo } {
  const o = isObject(item) ? item : {};
  const given = isObject(o.params) ? o.params : {};
  const echo: Echo = { params: { ...given, account_id: accountId }, operation_type: o.operation_type };
  const refused = shapeErrors(o);
  if (refused.length) return { op: { kind: 'Refused', errors: refused }, echo };
  const type = o.operation_type as OperationType;
  try {
    // JSON values read like query values: arrays as repeated keys, numbers and booleans as text.
    const read = readAds(mergeRaw(given), SHAPES[type]);
    echo.params = { ...read.echo, account_id: accountId };
    const { line_item_id: id, ...p } = read.value as Record<string, unknown>;
    if (type === 'Create') return { op: { kind: 'Create', params: p as never }, echo };
    if (type === 'Update') return { op: { kind: 'Update', id: id as string, params: p as never }, echo };
    return { op: { kind: 'Delete', id: id as string }, echo };
  } catch (e) {
    const errors = adsErrorsOf(e);
    if (!errors) throw e;
    return { op: { kind: 'Refused', errors }, echo };
  }
}

export async function runBatch(w: Writer, ctx: AdsContext) {
  const items = operationsOf(ctx.body);
  const read = items.map((item) => readOperation(item, w.account.id));
  ctx.echoBatch(read.map((r) => r.echo));
  return runOperations(
    w,
    read.map((r) => r.op),
  );
}
