import assert from 'node:assert/strict';
import { test } from 'node:test';
import { daysToReset, postsIn } from './usage.caps.js';

test('postsIn counts Post objects in text and in bytes, data and includes alike', () => {
  const body = JSON.stringify({
    data: [{ id: '1', text: 'a', edit_history_tweet_ids: ['1'] }],
    includes: { tweets: [{ id: '2', text: 'b', edit_history_tweet_ids: ['2'] }], users: [{ id: '3' }] },
  });
  assert.equal(postsIn(body), 2);
  assert.equal(postsIn(Buffer.from(body)), 2);
  assert.equal(postsIn('{"errors":[{"value":"edit_history_tweet_ids"}]}'), 0);
});

test('daysToReset: whole days until the first of the next month (UTC)', () => {
  assert.equal(daysToReset(Date.parse('2031-05-20T12:00:00.000Z')), 12);
  assert.equal(daysToReset(Date.parse('2031-07-01T00:00:00.000Z')), 31);
  assert.equal(daysToReset(Date.parse('2031-12-31T23:59:59.000Z')), 1);
});
