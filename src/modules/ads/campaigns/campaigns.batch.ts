// Reading a campaigns batch (notes §3.3, §8.2; DOCS POST batch/accounts/:account_id/campaigns): a JSON
// array of at most 40 `{operation_type, params}`, each read with the single endpoints' parameters.
// Request-level faults (not an array, none, too many) answer under `errors` alone; each operation's
// own faults are kept at its index for `operation_errors` (campaigns.service.ts runOperations). The
// `request` of every answer echoes the operations in input order, each with the account (DOCS).
import type { Shape } from '../../../http/input.js';
import { adsError, type AdsError } from '../kit/errors.js';
import { mergeRaw, readAds } from '../kit/params.js';
import type { AdsContext } from '../kit/router.js';
import { CAMPAIGN_ID, CREATE_CAMPAIGN, UPDATE_CAMPAIGN } from './campaigns.schema.js';
import { adsErrorsOf, runOperations, type Operation, type Writer } from './campaigns.service.js';

/** "The current maximum batch size is 40" (DOCS). */
export const MAX_OPERATIONS = 40;
const OPERATION_TYPES = ['Create', 'Update', 'Delete'] as const;
type OperationType = (typeof OPERATION_TYPES)[number];

const SHAPES: Record<OperationType, Shape> = {
  Create: CREATE_CAMPAIGN,
  Update: { ...CAMPAIGN_ID, ...UPDATE_CAMPAIGN },
  Delete: CAMPAIGN_ID,
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

function typeErrors(type: unknown): AdsError[] {
  if (type === undefined || type === null)
    return [
      { code: 'MISSING_PARAMETER', message: '"operation_type" is a required parameter', parameter: 'operation_type' },
    ];
  if (OPERATION_TYPES.includes(type as OperationType)) return [];
  const got = JSON.stringify(String(type));
  const message = `Expected a value in ${OPERATION_TYPES.join(', ')}, got ${got} for operation_type`;
  return [{ code: 'INVALID_PARAMETER', message, parameter: 'operation_type' }];
}

/** `params` is an object of scalars: every campaign parameter is one (an array or object is no value). */
function paramsErrors(params: unknown): AdsError[] {
  if (params === undefined || params === null)
    return [{ code: 'MISSING_PARAMETER', message: '"params" is a required parameter', parameter: 'params' }];
  if (!isObject(params))
    return [{ code: 'INVALID_PARAMETER', message: 'Expected an object for params', parameter: 'params' }];
  return Object.entries(params)
    .filter(([, v]) => typeof v === 'object' && v !== null)
    .map(([k, v]) => ({
      code: 'INVALID_PARAMETER',
      message: `Expected a string, number or boolean, got ${JSON.stringify(v).slice(0, 100)} for ${k}`,
      parameter: k,
    }));
}

/** One operation as the service takes it, and its echo. */
function readOperation(item: unknown, accountId: string): { op: Operation; echo: Echo } {
  const o = isObject(item) ? item : {};
  const given = isObject(o.params) ? o.params : {};
  const echo: Echo = { params: { ...given, account_id: accountId }, operation_type: o.operation_type };
  const refused = [...typeErrors(o.operation_type), ...paramsErrors(o.params)];
  if (refused.length) return { op: { kind: 'Refused', errors: refused }, echo };
  const type = o.operation_type as OperationType;
  try {
    const read = readAds(mergeRaw(given), SHAPES[type]);
    echo.params = { ...read.echo, account_id: accountId };
    const p = read.value as Record<string, unknown>;
    const id = p.campaign_id as string;
    if (type === 'Create') return { op: { kind: 'Create', params: p as never }, echo };
    if (type === 'Update') return { op: { kind: 'Update', id, params: withoutId(p) }, echo };
    return { op: { kind: 'Delete', id }, echo };
  } catch (e) {
    const errors = adsErrorsOf(e);
    if (!errors) throw e;
    return { op: { kind: 'Refused', errors }, echo };
  }
}

function withoutId(p: Record<string, unknown>) {
  const { campaign_id: _id, ...rest } = p;
  return rest as never;
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
