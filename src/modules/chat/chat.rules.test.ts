import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../../shared/problems.js';
import { eventConversationId, targetOf, ttlOf } from './chat.rules.js';

test('a recipient id names the one-to-one with the caller, low id first', () => {
  assert.deepEqual(targetOf('20', '100'), { type: 'direct', id: '20-100', other: '20' });
  assert.deepEqual(targetOf('100-20', '20'), { type: 'direct', id: '20-100', other: '100' });
});

test("a pair without the caller names a conversation that is not the caller's", () => {
  assert.deepEqual(targetOf('5-6', '7'), { type: 'direct', id: '5-6', other: '' });
});

test('groups keep their id; malformed ids and oneself are refused', () => {
  assert.deepEqual(targetOf('g123', '7'), { type: 'group', id: 'g123' });
  assert.throws(() => targetOf('x1', '7'), Problem);
  assert.throws(() => targetOf('7', '7'), Problem);
  assert.throws(() => targetOf('7-7', '7'), Problem);
});

test('events carry the pair joined by a colon', () => {
  assert.equal(eventConversationId('1-2'), '1:2');
  assert.equal(eventConversationId('g9'), 'g9');
});

test('TTLs are numeric strings of milliseconds; zero means none', () => {
  assert.equal(ttlOf(undefined, 't'), undefined);
  assert.equal(ttlOf('0', 't'), undefined);
  assert.equal(ttlOf('86400000', 't'), 86_400_000);
  assert.throws(() => ttlOf('1d', 't'), Problem);
});
