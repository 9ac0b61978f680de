// Funding instruments on the wire: the object of notes §6 (sandbox POST example), in its order.
import { adsTime, adsTimeOrNull } from '../kit/time.js';
import type { FundingInstrumentRow } from './funding-instruments.repo.js';
import { fundingState } from './funding-instruments.rules.js';

export function fundingInstrumentView(f: FundingInstrumentRow, now: number) {
  const state = fundingState(f, now);
  return {
    start_time: adsTimeOrNull(f.start_time),
    description: f.description,
    credit_limit_local_micro: f.credit_limit_local_micro,
    end_time: adsTimeOrNull(f.end_time),
    id: f.id,
    entity_status: f.entity_status,
    account_id: f.account_id,
    reasons_not_able_to_fund: state.reasons_not_able_to_fund,
    io_header: f.io_header,
    currency: f.currency,
    funded_amount_local_micro: f.funded_amount_local_micro,
    created_at: adsTime(f.created_at),
    type: f.type,
    able_to_fund: state.able_to_fund,
    updated_at: adsTime(f.updated_at),
    credit_remaining_local_micro: f.credit_remaining_local_micro,
    deleted: Boolean(f.deleted),
  };
}
