// The parameters of campaign writes (notes §8.2, §13; DOCS POST/PUT campaigns), shared by the single
// endpoints (query or form) and the batch (each operation's `params`).
import { bool, int, oneOf, required, str, withDefault } from '../../../http/input.js';
import { id36 } from '../kit/ids.js';
import { clearable } from '../kit/params.js';
import { BUDGET_OPTIMIZATIONS, CREATE_STATUSES, UPDATE_STATUSES } from './campaigns.rules.js';

/** Budgets in micros (notes §1): a budget of nothing is no budget. */
const BUDGET = int({ min: 1, max: Number.MAX_SAFE_INTEGER });

export const CREATE_CAMPAIGN = {
  funding_instrument_id: required(id36()),
  name: required(str({ min: 1, max: 255 })),
  budget_optimization: oneOf(BUDGET_OPTIMIZATIONS),
  daily_budget_amount_local_micro: BUDGET,
  total_budget_amount_local_micro: BUDGET,
  entity_status: withDefault(oneOf(CREATE_STATUSES), 'ACTIVE'),
  purchase_order_number: str({ max: 50 }),
  standard_delivery: bool(),
};

/**
 * PUT: the optional values a campaign may have null (budgets, purchase order number) are un-set by an
 * empty value (notes §1), then judged by the budget rules (under CAMPAIGN the daily budget stays
 * required). POST keeps reading an empty budget as a bad number; an empty purchase_order_number was
 * always no purchase order number.
 */
export const UPDATE_CAMPAIGN = {
  name: str({ min: 1, max: 255 }),
  budget_optimization: oneOf(BUDGET_OPTIMIZATIONS),
  daily_budget_amount_local_micro: clearable(BUDGET),
  total_budget_amount_local_micro: clearable(BUDGET),
  entity_status: oneOf(UPDATE_STATUSES),
  purchase_order_number: clearable(str({ max: 50 })),
  standard_delivery: bool(),
};

/** Update and Delete operations of a batch name their campaign in `params` (notes §3.3). */
export const CAMPAIGN_ID = { campaign_id: required(id36()) };
