// The rules of campaigns (notes §8.2; DOCS and DOCS0 campaign-management reference, POST/PUT campaigns;
// the "New campaign setup changes" announcement), as plain functions over values: what a create or an
// update may ask, and whether a campaign can serve. Messages the notes do not give are Aviary's, in
// the patterns of the real ones (notes §3.2).
import type { AdsError } from '../kit/errors.js';

/**
 * Both values of v12-era docs (DOCS0: "Possible values: CAMPAIGN, LINE_ITEM"). The default is
 * LINE_ITEM, as in every v12 campaign object the docs show and in the current docs ("Default:
 * LINE_ITEM"); DOCS0 said CAMPAIGN, but it was removed in favour of LINE_ITEM (notes §8.2).
 */
export const BUDGET_OPTIMIZATIONS = ['CAMPAIGN', 'LINE_ITEM'] as const;
export const DEFAULT_BUDGET_OPTIMIZATION = 'LINE_ITEM';
export const CREATE_STATUSES = ['ACTIVE', 'DRAFT', 'PAUSED'] as const;
/** PUT takes ACTIVE or PAUSED only (DOCS PUT campaigns); a DRAFT is launched by setting one. */
export const UPDATE_STATUSES = ['ACTIVE', 'PAUSED'] as const;
/**
 * "a default limit of 200 active campaigns per account. However, there is no limit to the number of
 * inactive campaigns" (DOCS POST campaigns).
 */
export const ACTIVE_CAMPAIGN_LIMIT = 200;

export type Budget = {
  budget_optimization: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  standard_delivery: boolean | null;
};

/** Budgets null on a PUT are un-set (notes §1); a create never has them null. */
export type BudgetParams = {
  budget_optimization?: string;
  daily_budget_amount_local_micro?: number | null;
  total_budget_amount_local_micro?: number | null;
  standard_delivery?: boolean;
};

/** The given value, null included (un-set); the current one when not given. */
const given = <T>(v: T | undefined, current: T): T => (v === undefined ? current : v);

const DAILY = 'daily_budget_amount_local_micro';
const TOTAL = 'total_budget_amount_local_micro';

const bad = (parameter: string, message: string): AdsError => ({ code: 'INVALID_PARAMETER', message, parameter });

/** The budget a create leaves: campaign-level standard delivery exists only under CAMPAIGN (default true). */
export function createBudget(p: BudgetParams): Budget {
  const bo = p.budget_optimization ?? DEFAULT_BUDGET_OPTIMIZATION;
  return {
    budget_optimization: bo,
    daily_budget_amount_local_micro: p.daily_budget_amount_local_micro ?? null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    standard_delivery: bo === 'CAMPAIGN' ? (p.standard_delivery ?? true) : null,
  };
}

/** The budget an update leaves: the parameters given over the current values. */
export function updateBudget(current: Budget, p: BudgetParams): Budget {
  const bo = p.budget_optimization ?? current.budget_optimization;
  return {
    budget_optimization: bo,
    daily_budget_amount_local_micro: given(p.daily_budget_amount_local_micro, current.daily_budget_amount_local_micro),
    total_budget_amount_local_micro: given(p.total_budget_amount_local_micro, current.total_budget_amount_local_micro),
    standard_delivery: bo === 'CAMPAIGN' ? (p.standard_delivery ?? current.standard_delivery ?? true) : null,
  };
}

/**
 * What is wrong with the budget `b` that parameters `p` produce:
 * - standard_delivery "Only available when budget_optimization is set to CAMPAIGN" (DOCS0);
 * - under CAMPAIGN, daily_budget_amount_local_micro "is required on the campaign" (announcement);
 * - the daily budget "should be less than or equal to the total_budget_amount_local_micro" (DOCS).
 * `lineItemDailyBudgets` counts the campaign's line items with a daily budget: under CAMPAIGN it "must
 * be blank or excluded from the Line Item level" (announcement), so such a campaign cannot switch.
 */
export function budgetFailures(b: Budget, p: BudgetParams, lineItemDailyBudgets = 0): AdsError[] {
  const out: AdsError[] = [];
  if (p.standard_delivery !== undefined && b.budget_optimization !== 'CAMPAIGN')
    out.push(bad('standard_delivery', 'standard_delivery is only available when budget_optimization is CAMPAIGN'));
  if (b.budget_optimization === 'CAMPAIGN' && b.daily_budget_amount_local_micro === null)
    out.push({
      code: 'MISSING_PARAMETER',
      message: `"${DAILY}" is a required parameter when budget_optimization is CAMPAIGN`,
      parameter: DAILY,
    });
  const [daily, total] = [b.daily_budget_amount_local_micro, b.total_budget_amount_local_micro];
  if (daily !== null && total !== null && daily > total) {
    const parameter = p.daily_budget_amount_local_micro !== undefined ? DAILY : TOTAL;
    out.push(bad(parameter, `${DAILY} (${daily}) must be less than or equal to ${TOTAL} (${total})`));
  }
  if (p.budget_optimization === 'CAMPAIGN' && lineItemDailyBudgets > 0)
    out.push(
      bad(
        'budget_optimization',
        `budget_optimization CAMPAIGN requires line items without ${DAILY}; ${lineItemDailyBudgets} of this campaign's have one`,
      ),
    );
  return out;
}

/** A name must say something: the real limit is 1 to 255 characters (notes §8.2), not only spaces. */
export function nameFailures(name: string | undefined): AdsError[] {
  return name !== undefined && name.trim() === '' ? [bad('name', 'Expected a non-empty name for name')] : [];
}

/** TOO_MANY_CAMPAIGNS (notes §3.2) when one more active campaign would pass the limit. */
export function activeLimitFailures(activeCount: number, accountId: string): AdsError[] {
  if (activeCount < ACTIVE_CAMPAIGN_LIMIT) return [];
  return [
    {
      code: 'TOO_MANY_CAMPAIGNS',
      message: `Account ${accountId} already has ${ACTIVE_CAMPAIGN_LIMIT} active campaigns, the maximum; pause or delete one first`,
      parameter: 'entity_status',
    },
  ];
}

/** What the campaign's line items say about it (non-deleted ones). */
export type LineItemSummary = { line_items: number; unfinished: number; with_daily_budget: number };
export const NO_LINE_ITEMS: LineItemSummary = { line_items: 0, unfinished: 0, with_daily_budget: 0 };

export type Servability = { servable: boolean | null; reasons_not_servable: string[]; effective_status: string };

/**
 * Whether a campaign can serve, from its own state, its line items and its funding instrument, with
 * the reasons the real API reports (notes §8.2): PAUSED_BY_ADVERTISER (paused), INCOMPLETE (no line
 * items; a draft is not complete either), EXPIRED (every line item has ended), FUNDING_PROBLEM (the
 * instrument cannot fund). BUDGET_EXHAUSTED never applies: Aviary serves nothing, so spends nothing.
 * A deleted campaign answers `servable: null, reasons_not_servable: []` (DOCS DELETE example).
 * effective_status: RUNNING when servable, PAUSED when pausing is the only reason, else UNKNOWN (the
 * docs' paused and incomplete campaign is UNKNOWN). The docs' deleted example says RUNNING for a paused
 * campaign, which no state explains; Aviary says UNKNOWN for a deleted campaign.
 */
export function servability(
  c: { deleted: number; entity_status: string },
  s: LineItemSummary,
  fundingAble: boolean,
): Servability {
  if (c.deleted) return { servable: null, reasons_not_servable: [], effective_status: 'UNKNOWN' };
  const reasons: string[] = [];
  if (c.entity_status === 'PAUSED') reasons.push('PAUSED_BY_ADVERTISER');
  if (c.entity_status === 'DRAFT' || s.line_items === 0) reasons.push('INCOMPLETE');
  else if (s.unfinished === 0) reasons.push('EXPIRED');
  if (!fundingAble) reasons.push('FUNDING_PROBLEM');
  const servable = reasons.length === 0;
  const onlyPaused = reasons.length === 1 && reasons[0] === 'PAUSED_BY_ADVERTISER';
  return {
    servable,
    reasons_not_servable: reasons,
    effective_status: servable ? 'RUNNING' : onlyPaused ? 'PAUSED' : 'UNKNOWN',
  };
}
