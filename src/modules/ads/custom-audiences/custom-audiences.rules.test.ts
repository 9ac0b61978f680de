import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { audienceStatus, packHash, PROCESSING_MS, readUser, thirteenMonthsAfter } from './custom-audiences.rules.js';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

test('targetable once processed with at least 100 live members', () => {
  assert.deepEqual(audienceStatus(0, 1000, 0), {
    targetable: false,
    reasons_not_targetable: ['PROCESSING', 'TOO_SMALL'],
    audience_size: null,
  });
  assert.deepEqual(audienceStatus(150, PROCESSING_MS, PROCESSING_MS - 1).reasons_not_targetable, ['PROCESSING']);
  assert.deepEqual(audienceStatus(99, 0, 1), {
    targetable: false,
    reasons_not_targetable: ['TOO_SMALL'],
    audience_size: 99,
  });
  assert.deepEqual(audienceStatus(100, 0, 0), { targetable: true, reasons_not_targetable: [], audience_size: 100 });
});

test('13 months on, by the calendar', () => {
  assert.equal(
    new Date(thirteenMonthsAfter(Date.parse('2026-01-15T10:00:00Z'))).toISOString(),
    '2027-02-15T10:00:00.000Z',
  );
});

test('a user: hashed identifiers lower-cased, partner ids as given, every bad value named', () => {
  const h = hash('a@example.com');
  assert.deepEqual(readUser({ email: [h.toUpperCase()], partner_user_id: ['p-1'] }), {
    idents: [packHash(0x65, h), 'up-1'],
    errors: [],
  });
  assert.equal(packHash(0x65, h), readUser({ email: [h] }).idents[0]);
  assert.equal(packHash(0x65, h)!.length, 44);
  assert.equal(packHash(0x65, h.slice(1) + 'g'), null);
  // Packed values sort as their hex digits do.
  const hs = ['00', '0f', 'a0', 'ff', '7c'].map((p) => p + h.slice(2));
  assert.deepEqual(
    hs.map((x) => packHash(0x65, x)).sort(),
    [...hs].sort().map((x) => packHash(0x65, x)),
  );
  const bad = readUser({ email: ['abc'], handle: [h], nope: ['x'], phone_number: 'x' });
  assert.deepEqual(
    bad.errors.map((e) => [e.code, e.parameter]),
    [
      ['INVALID_PARAMETER', 'email'],
      ['INVALID_PARAMETER', 'nope'],
      ['INVALID_PARAMETER', 'phone_number'],
    ],
  );
  assert.equal(bad.errors[0]!.message, 'email (abc) is not a valid SHA-256 hash');
  assert.deepEqual(readUser({}).errors[0], {
    code: 'INVALID_PARAMETER',
    message: 'At least one user identifier must be provided',
    parameter: '',
  });
  assert.equal(readUser('x').errors[0]!.parameter, 'users');
});
