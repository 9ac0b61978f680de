import assert from 'node:assert/strict';
import { test } from 'node:test';
import { daysToReset, postIdsIn } from './usage.caps.js';

test('postIdsIn finds each Post object in text and in bytes, data and includes alike, by its newest version', () => {
  const body = JSON.stringify({
    data: [{ id: '1', text: 'a "edit_history_tweet_ids":["9"]', edit_history_tweet_ids: ['1'] }],
    includes: { tweets: [{ id: '5', text: 'b', edit_history_tweet_ids: ['2', '5'] }], users: [{ id: '3' }] },
  });
  assert.deepEqual(postIdsIn(body), ['1', '5']);
  assert.deepEqual(postIdsIn(Buffer.from(body)), ['1', '5']);
  assert.deepEqual(postIdsIn('{"errors":[{"value":"edit_history_tweet_ids"}]}'), []);
});

test('daysToReset: whole days until the first of the next month (UTC)', () => {
  assert.equal(daysToReset(Date.parse('2031-05-20T12:00:00.000Z')), 12);
  assert.equal(daysToReset(Date.parse('2031-07-01T00:00:00.000Z')), 31);
  assert.equal(daysToReset(Date.parse('2031-12-31T23:59:59.000Z')), 1);
});
