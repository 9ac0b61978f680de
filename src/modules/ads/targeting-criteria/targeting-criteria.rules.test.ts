// The targeting criteria rules of notes §8.4 as pure functions: values, operators, and the line
// item's other criteria, at and beyond each limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../../../shared/problems.js';
import { LOCATIONS } from './locations.data.js';
import { checkCriterion, LIMITS, type NewCriterion } from './targeting-criteria.rules.js';

const SINGULAR = {
  COUNTRIES: 'COUNTRY',
  REGIONS: 'REGION',
  METROS: 'METRO',
  CITIES: 'CITY',
  POSTAL_CODES: 'POSTAL_CODE',
};

const c = (targeting_type: NewCriterion['targeting_type'], targeting_value: string, operator_type = 'EQ') =>
  ({ targeting_type, targeting_value, operator_type }) as NewCriterion;

/** The code and parameter of the error `fn` throws. */
function refusal(fn: () => unknown): [string, string] {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Problem);
    return [e.legacy.ads!.code, e.legacy.ads!.parameter!];
  }
  assert.fail('no error thrown');
}

test('names: catalog locations with a singular location_type, genders, keywords by value', () => {
  for (const l of LOCATIONS) {
    const r = checkCriterion(c('LOCATION', l.targeting_value), {}, 'acc');
    assert.equal(r.name, l.name);
    assert.equal(r.location_type, SINGULAR[l.location_type]);
  }
  assert.deepEqual(checkCriterion(c('GENDER', '1'), {}, 'acc'), { name: 'Male', location_type: null });
  assert.deepEqual(checkCriterion(c('GENDER', '2'), {}, 'acc'), { name: 'Female', location_type: null });
  assert.equal(checkCriterion(c('EXACT_KEYWORD', 'a, b'), {}, 'acc').name, 'a, b');
});

test('the catalog has distinct hex targeting values', () => {
  const values = LOCATIONS.map((l) => l.targeting_value);
  assert.equal(new Set(values).size, values.length);
  assert.ok(values.every((v) => /^[0-9a-f]{16}$/.test(v)));
  assert.ok(LOCATIONS.length >= 50);
});

test('values and operators', () => {
  assert.deepEqual(
    refusal(() => checkCriterion(c('GENDER', '0'), {}, 'a')),
    ['INVALID_PARAMETER', 'targeting_value'],
  );
  assert.deepEqual(
    refusal(() => checkCriterion(c('LOCATION', 'x'), {}, 'a')),
    ['INVALID_PARAMETER', 'targeting_value'],
  );
  // Custom audiences are checked against the store by the service (custom-audiences index).
  assert.deepEqual(checkCriterion(c('CUSTOM_AUDIENCE', 'x'), {}, 'a'), { name: 'x', location_type: null });
  assert.deepEqual(
    refusal(() => checkCriterion(c('APP_LIST', 'x', 'EQ'), {}, 'a')),
    ['INVALID_PARAMETER', 'operator_type'],
  );
  checkCriterion(c('APP_LIST', 'x', 'NE'), {}, 'a');
});

test('the line item’s other criteria: one AGE, limits at and beyond, dependencies', () => {
  checkCriterion(c('AGE', 'AGE_OVER_18'), { GENDER: 1 }, 'a');
  assert.deepEqual(
    refusal(() => checkCriterion(c('AGE', 'AGE_OVER_18'), { AGE: 1 }, 'a')),
    ['INVALID_PARAMETER', 'targeting_type'],
  );
  checkCriterion(c('INTEREST', '1'), { INTEREST: LIMITS.INTEREST - 1 }, 'a');
  assert.throws(() => checkCriterion(c('INTEREST', '1'), { INTEREST: LIMITS.INTEREST }, 'a'), Problem);
  const loc = LOCATIONS[0]!.targeting_value;
  checkCriterion(c('LOCATION', loc), { LOCATION: LIMITS.LOCATION - 1 }, 'a');
  assert.throws(() => checkCriterion(c('LOCATION', loc), { LOCATION: LIMITS.LOCATION }, 'a'), Problem);
  // keyword types count together
  checkCriterion(c('PHRASE_KEYWORD', 'k'), { BROAD_KEYWORD: 500, EXACT_KEYWORD: 499 }, 'a');
  assert.throws(() => checkCriterion(c('PHRASE_KEYWORD', 'k'), { BROAD_KEYWORD: 500, EXACT_KEYWORD: 500 }, 'a'));
  assert.deepEqual(
    refusal(() => checkCriterion(c('ENGAGEMENT_TYPE', 'IMPRESSION'), {}, 'a')),
    ['INVALID_TARGETING_TYPE', 'targeting_type'],
  );
  checkCriterion(c('ENGAGEMENT_TYPE', 'IMPRESSION'), { USER_ENGAGEMENT: 1 }, 'a');
  checkCriterion(c('ENGAGEMENT_TYPE', 'ENGAGEMENT'), { CAMPAIGN_ENGAGEMENT: 2 }, 'a');
  assert.deepEqual(
    refusal(() => checkCriterion(c('TV_SHOW', '1'), { AGE: 1 }, 'a')),
    ['INVALID_TV_SHOW_LOCATIONS', 'targeting_type'],
  );
  checkCriterion(c('TV_SHOW', '1'), { LOCATION: 1 }, 'a');
});
