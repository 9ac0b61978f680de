import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isIsoTime, parseIsoTime } from './iso-time.js';

test('valid RFC 3339 date-times give their instant, offsets applied', () => {
  for (const [text, iso] of [
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00.5Z', '2026-01-01T00:00:00.500Z'],
    ['2026-01-01T00:00:00.123Z', '2026-01-01T00:00:00.123Z'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59.000Z'],
    ['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
    ['2026-01-01T01:00:00+01:00', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00+0100', '2025-12-31T23:00:00.000Z'],
    ['2026-01-01T00:00:00-00:00', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T14:00:00+14:00', '2026-01-01T00:00:00.000Z'],
    ['2025-12-31T10:00:00-14:00', '2026-01-01T00:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ]) {
    assert.equal(new Date(parseIsoTime(text!)!).toISOString(), iso, text);
    assert.ok(isIsoTime(text!), text);
  }
});

test('impossible dates, times and offsets are refused', () => {
  for (const text of [
    '2016-12-31T23:59:60Z', // a leap second: not an instant Date can hold
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T00:00:00+99:99',
    '2026-01-01T00:00:00+14:01',
    '2026-01-01T00:00:00-15:00',
    '2026-01-01T00:00:00+01:60',
    '2026-01-01T00:00:00', // no zone
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00.1234Z',
    '2026-1-01T00:00:00Z',
    'yesterday',
    '',
  ]) {
    assert.equal(parseIsoTime(text), null, text);
    assert.equal(isIsoTime(text), false, text);
  }
});
