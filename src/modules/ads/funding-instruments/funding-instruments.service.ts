// Funding instruments: listing and reading an account's, and making and deleting them in the sandbox
// (notes §6, §8.1). Production instruments come from the control API (funding-instruments.admin.ts):
// "Funding Instruments can not be created via the Ads API" in production (DOCS campaign-management.mdx).
import type { Deps } from '../../../deps.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './funding-instruments.repo.js';
import type { FundingInstrumentRow } from './funding-instruments.repo.js';
import {
  createFailures,
  creditRemaining,
  SANDBOX_DESCRIPTION,
  type NewFundingInstrument,
} from './funding-instruments.rules.js';
import { fundingInstrumentView } from './funding-instruments.view.js';

export async function listFundingInstruments(
  deps: Deps,
  account: AdsAccount,
  f: { funding_instrument_ids?: string[] },
  q: ListQuery,
) {
  const filter = { accountId: account.id, ids: f.funding_instrument_ids };
  const { rows, total } = await repo.listFundingInstruments(deps.db, filter, q);
  const now = deps.clock.now();
  return pageOf(
    rows,
    q,
    (r) => repo.sortValueOf(r, q.sort.attr),
    (r) => fundingInstrumentView(r, now),
    total,
  );
}

/** The instrument, if the account has it; a deleted one only with `with_deleted` (notes §1). */
export async function requireFundingInstrument(
  deps: Deps,
  accountId: string,
  id: string,
  withDeleted = false,
): Promise<FundingInstrumentRow> {
  const row = await repo.fundingInstrumentById(deps.db, accountId, id);
  if (!row || (row.deleted && !withDeleted))
    throw notFound('Funding Instrument', id, accountId, 'funding_instrument_id');
  return row;
}

export async function getFundingInstrument(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  return fundingInstrumentView(await requireFundingInstrument(deps, account.id, id, withDeleted), deps.clock.now());
}

export type CreateOptions = { description?: string };

/** Makes an instrument on any account (sandbox POST, or the control API for production accounts). */
export async function createFundingInstrument(
  deps: Deps,
  accountId: string,
  p: NewFundingInstrument,
  o: CreateOptions = {},
): Promise<FundingInstrumentRow> {
  const failures = createFailures(p);
  if (failures.length) throw adsErrors(failures);
  const now = deps.clock.now();
  const row: FundingInstrumentRow = {
    id: newId36(deps.ids),
    account_id: accountId,
    type: p.type,
    currency: p.currency,
    description: o.description ?? SANDBOX_DESCRIPTION,
    start_time: p.start_time,
    end_time: p.end_time ?? null,
    credit_limit_local_micro: p.credit_limit_local_micro ?? null,
    funded_amount_local_micro: p.funded_amount_local_micro ?? null,
    credit_remaining_local_micro: creditRemaining(p),
    io_header: null,
    entity_status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await deps.db.tx((tx) => repo.insertFundingInstrument(tx, row));
  return row;
}

export async function createSandboxFundingInstrument(deps: Deps, account: AdsAccount, p: NewFundingInstrument) {
  return fundingInstrumentView(await createFundingInstrument(deps, account.id, p), deps.clock.now());
}

/** Sandbox DELETE: the instrument with deleted true; a repeat finds nothing (404), as for every entity. */
export async function deleteSandboxFundingInstrument(deps: Deps, account: AdsAccount, id: string) {
  const now = deps.clock.now();
  const row = await deps.db.tx(async (tx) => {
    if (!(await repo.deleteFundingInstrument(tx, account.id, id, now)))
      throw notFound('Funding Instrument', id, account.id, 'funding_instrument_id');
    return (await repo.fundingInstrumentById(tx, account.id, id))!;
  });
  return fundingInstrumentView(row, now);
}
