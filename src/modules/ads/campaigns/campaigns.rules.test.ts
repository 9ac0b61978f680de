import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  activeLimitFailures,
  budgetFailures,
  createBudget,
  nameFailures,
  NO_LINE_ITEMS,
  servability,
  updateBudget,
} from './campaigns.rules.js';

const codes = (errors: { code: string; parameter: string }[]) => errors.map((e) => [e.code, e.parameter]);

test('a new campaign defaults to LINE_ITEM, where campaign-level standard delivery is null', () => {
  assert.deepEqual(createBudget({}), {
    budget_optimization: 'LINE_ITEM',
    daily_budget_amount_local_micro: null,
    total_budget_amount_local_micro: null,
    standard_delivery: null,
  });
  assert.equal(createBudget({ budget_optimization: 'CAMPAIGN' }).standard_delivery, true);
  assert.equal(createBudget({ budget_optimization: 'CAMPAIGN', standard_delivery: false }).standard_delivery, false);
});

test('an update keeps what it does not name; leaving CAMPAIGN drops standard delivery', () => {
  const cbo = createBudget({
    budget_optimization: 'CAMPAIGN',
    daily_budget_amount_local_micro: 5,
    standard_delivery: false,
  });
  assert.deepEqual(updateBudget(cbo, { total_budget_amount_local_micro: 9 }), {
    ...cbo,
    total_budget_amount_local_micro: 9,
  });
  assert.equal(updateBudget(cbo, { budget_optimization: 'LINE_ITEM' }).standard_delivery, null);
  const lbo = createBudget({ daily_budget_amount_local_micro: 5 });
  assert.equal(updateBudget(lbo, { budget_optimization: 'CAMPAIGN' }).standard_delivery, true);
});

test('budget rules, each naming the parameter at fault', () => {
  const check = (p: Parameters<typeof createBudget>[0], dailies = 0) =>
    codes(budgetFailures(createBudget(p), p, dailies));
  assert.deepEqual(check({}), []);
  assert.deepEqual(check({ standard_delivery: true }), [['INVALID_PARAMETER', 'standard_delivery']]);
  assert.deepEqual(check({ budget_optimization: 'CAMPAIGN' }), [
    ['MISSING_PARAMETER', 'daily_budget_amount_local_micro'],
  ]);
  assert.deepEqual(check({ daily_budget_amount_local_micro: 2, total_budget_amount_local_micro: 1 }), [
    ['INVALID_PARAMETER', 'daily_budget_amount_local_micro'],
  ]);
  assert.deepEqual(check({ daily_budget_amount_local_micro: 1, total_budget_amount_local_micro: 1 }), []);
  assert.deepEqual(check({ budget_optimization: 'CAMPAIGN', daily_budget_amount_local_micro: 1 }, 2), [
    ['INVALID_PARAMETER', 'budget_optimization'],
  ]);
  // An update that lowers the total below the kept daily budget names the total.
  const current = createBudget({ daily_budget_amount_local_micro: 5 });
  const p = { total_budget_amount_local_micro: 4 };
  assert.deepEqual(codes(budgetFailures(updateBudget(current, p), p)), [
    ['INVALID_PARAMETER', 'total_budget_amount_local_micro'],
  ]);
});

test('names of spaces only are refused', () => {
  assert.deepEqual(codes(nameFailures('  ')), [['INVALID_PARAMETER', 'name']]);
  assert.deepEqual(nameFailures('x'), []);
  assert.deepEqual(nameFailures(undefined), []);
});

test('the 200th active campaign is the last', () => {
  assert.deepEqual(activeLimitFailures(199, 'a'), []);
  assert.deepEqual(codes(activeLimitFailures(200, 'a')), [['TOO_MANY_CAMPAIGNS', 'entity_status']]);
});

test('servability: reasons from state, line items and funding; effective status', () => {
  const live = { line_items: 1, unfinished: 1, with_daily_budget: 0 };
  const active = { deleted: 0, entity_status: 'ACTIVE' };
  assert.deepEqual(servability(active, live, true), {
    servable: true,
    reasons_not_servable: [],
    effective_status: 'RUNNING',
  });
  assert.deepEqual(servability({ ...active, entity_status: 'PAUSED' }, NO_LINE_ITEMS, true), {
    servable: false,
    reasons_not_servable: ['PAUSED_BY_ADVERTISER', 'INCOMPLETE'],
    effective_status: 'UNKNOWN',
  });
  assert.equal(servability({ ...active, entity_status: 'PAUSED' }, live, true).effective_status, 'PAUSED');
  assert.deepEqual(servability({ ...active, entity_status: 'DRAFT' }, live, true).reasons_not_servable, ['INCOMPLETE']);
  assert.deepEqual(servability(active, { ...live, unfinished: 0 }, false).reasons_not_servable, [
    'EXPIRED',
    'FUNDING_PROBLEM',
  ]);
  assert.deepEqual(servability({ ...active, deleted: 1 }, live, true), {
    servable: null,
    reasons_not_servable: [],
    effective_status: 'UNKNOWN',
  });
});
