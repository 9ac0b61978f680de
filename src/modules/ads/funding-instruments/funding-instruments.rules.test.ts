import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFailures, creditRemaining, fundingState } from './funding-instruments.rules.js';

const base = { type: 'CREDIT_CARD', currency: 'USD', start_time: 1000 };
const params = (p: Parameters<typeof createFailures>[0]) => createFailures(p).map((e) => e.parameter);

test('end after start; credit limits for cards and credit lines; funded amounts for insertion orders', () => {
  assert.deepEqual(params(base), []);
  assert.deepEqual(params({ ...base, end_time: 1000 }), ['end_time']);
  assert.deepEqual(params({ ...base, end_time: 1001 }), []);
  assert.deepEqual(params({ ...base, credit_limit_local_micro: 1 }), []);
  assert.deepEqual(params({ ...base, type: 'CREDIT_LINE', credit_limit_local_micro: 1 }), []);
  for (const type of ['AGENCY_CREDIT_LINE', 'INSERTION_ORDER', 'PARTNER_MANAGED'])
    assert.deepEqual(params({ ...base, type, credit_limit_local_micro: 1 }), ['credit_limit_local_micro']);
  assert.deepEqual(params({ ...base, type: 'INSERTION_ORDER', funded_amount_local_micro: 1 }), []);
  assert.deepEqual(params({ ...base, funded_amount_local_micro: 1 }), ['funded_amount_local_micro']);
});

test('credit remaining only for credit lines, equal to the limit (nothing is spent)', () => {
  assert.equal(creditRemaining({ ...base, type: 'CREDIT_LINE', credit_limit_local_micro: 7 }), 7);
  assert.equal(creditRemaining({ ...base, type: 'AGENCY_CREDIT_LINE' }), null);
  assert.equal(creditRemaining({ ...base, credit_limit_local_micro: 7 }), null);
});

test('able to fund unless deleted or ended', () => {
  assert.deepEqual(fundingState({ deleted: 0, end_time: null }, 5), {
    able_to_fund: true,
    reasons_not_able_to_fund: [],
  });
  assert.deepEqual(fundingState({ deleted: 1, end_time: null }, 5).reasons_not_able_to_fund, ['DELETED']);
  assert.deepEqual(fundingState({ deleted: 0, end_time: 5 }, 5).reasons_not_able_to_fund, ['EXPIRED']);
  assert.equal(fundingState({ deleted: 0, end_time: 6 }, 5).able_to_fund, true);
});
