// The rules of funding instruments (notes §6, §8.1; DOCS campaign-management.mdx "Attribute Details"),
// as plain functions: what a new instrument may carry, and whether an instrument can fund campaigns.
import type { AdsError } from '../kit/errors.js';

export const FUNDING_INSTRUMENT_TYPES = [
  'AGENCY_CREDIT_LINE',
  'CREDIT_CARD',
  'CREDIT_LINE',
  'INSERTION_ORDER',
  'PARTNER_MANAGED',
] as const;
export type FundingInstrumentType = (typeof FUNDING_INSTRUMENT_TYPES)[number];

/** "`credit_limit_local_micro` is only valid for `CREDIT_CARD` or `CREDIT_LINE` type funding instruments". */
export const CREDIT_LIMIT_TYPES: readonly string[] = ['CREDIT_CARD', 'CREDIT_LINE'];
/** "`funded_amount_local_micro` is only valid for `INSERTION_ORDER` type funding instruments". */
export const FUNDED_AMOUNT_TYPES: readonly string[] = ['INSERTION_ORDER'];
/** "`credit_remaining_local_micro` is valid for `CREDIT_LINE` and `AGENCY_CREDIT_LINE`". */
export const CREDIT_REMAINING_TYPES: readonly string[] = ['CREDIT_LINE', 'AGENCY_CREDIT_LINE'];

/** The sandbox's description of every instrument it makes (notes §6). */
export const SANDBOX_DESCRIPTION = '(no payment method has been set up yet)';

export type NewFundingInstrument = {
  type: string;
  currency: string;
  start_time: number;
  end_time?: number;
  credit_limit_local_micro?: number;
  funded_amount_local_micro?: number;
};

const bad = (parameter: string, message: string): AdsError => ({ code: 'INVALID_PARAMETER', message, parameter });

/** Everything wrong with a new instrument beyond each parameter's own type. The wording is Aviary's. */
export function createFailures(p: NewFundingInstrument): AdsError[] {
  const out: AdsError[] = [];
  if (p.end_time !== undefined && p.end_time <= p.start_time)
    out.push(bad('end_time', 'end_time must be after start_time'));
  if (p.credit_limit_local_micro !== undefined && !CREDIT_LIMIT_TYPES.includes(p.type))
    out.push(
      bad(
        'credit_limit_local_micro',
        `credit_limit_local_micro is only valid for ${CREDIT_LIMIT_TYPES.join(', ')} funding instruments, got "${p.type}" for type`,
      ),
    );
  if (p.funded_amount_local_micro !== undefined && !FUNDED_AMOUNT_TYPES.includes(p.type))
    out.push(
      bad(
        'funded_amount_local_micro',
        `funded_amount_local_micro is only valid for ${FUNDED_AMOUNT_TYPES.join(', ')} funding instruments, got "${p.type}" for type`,
      ),
    );
  return out;
}

/** Credit remaining is the limit less what was spent (DOCS); nothing is ever spent in Aviary. */
export function creditRemaining(p: NewFundingInstrument): number | null {
  if (!CREDIT_REMAINING_TYPES.includes(p.type)) return null;
  return p.credit_limit_local_micro ?? null;
}

export type FundingState = { able_to_fund: boolean; reasons_not_able_to_fund: string[] };

/**
 * Whether the instrument can fund campaigns now. `DELETED` is the documented reason (sandbox DELETE
 * example, notes §6). An instrument past its end_time cannot fund either; no real reason value for
 * that was found, so `EXPIRED` is Aviary's word (the campaigns' reason for the same thing).
 */
export function fundingState(row: { deleted: number; end_time: number | null }, now: number): FundingState {
  const reasons: string[] = [];
  if (row.deleted) reasons.push('DELETED');
  if (row.end_time !== null && row.end_time <= now) reasons.push('EXPIRED');
  return { able_to_fund: reasons.length === 0, reasons_not_able_to_fund: reasons };
}
