// Funding instruments (notes §6, §8.1, §13): list and get; create and delete in the sandbox only.
import type { Deps } from '../../../deps.js';
import { bool, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import { CREATE_FUNDING_INSTRUMENT } from './funding-instruments.schema.js';
import * as fi from './funding-instruments.service.js';

/** Sortable attributes (notes §4, DOCS fundamentals/sorting.mdx). */
const SORTABLE = [
  'created_at',
  'updated_at',
  'deleted',
  'funded_amount_local_micro',
  'start_time',
  'end_time',
] as const;

const ONE = 'accounts/:account_id/funding_instruments/:funding_instrument_id';

export function fundingInstrumentsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    'accounts/:account_id/funding_instruments',
    { sortable: SORTABLE, params: { funding_instrument_ids: ids36({ max: 200 }) } },
    (ctx, p, q) => fi.listFundingInstruments(deps, ctx.account!, p, q),
  );
  r.get(ONE, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx, p) => ({
    data: await fi.getFundingInstrument(deps, ctx.account!, ctx.path.funding_instrument_id!, p.with_deleted),
  }));
  r.post(
    'accounts/:account_id/funding_instruments',
    { params: CREATE_FUNDING_INSTRUMENT, sandboxOnly: true },
    async (ctx, p) => ({
      data: await fi.createSandboxFundingInstrument(deps, ctx.account!, p),
    }),
  );
  r.delete(ONE, { sandboxOnly: true }, async (ctx) => ({
    data: await fi.deleteSandboxFundingInstrument(deps, ctx.account!, ctx.path.funding_instrument_id!),
  }));
}
