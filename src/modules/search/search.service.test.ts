// The pure parts of search: the time window and its refusals, page tokens, count buckets, which
// keys a post files and which conditions a query's plan puts on them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseQuery, type MatchPost, type QueryNode } from '../../engine/index.js';
import { decodeCursor, encodeCursor } from './search.cursor.js';
import { docKeys } from './search.keys.js';
import { planOf, type Plan } from './search.plan.js';
import { bucketEdges, bucketize } from './search.view.js';
import { resolveWindow } from './search.window.js';

const NOW = Date.UTC(2025, 0, 20, 12, 0, 0);
const DAY = 86_400_000;

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return (err as { body: { errors: { message: string }[] } }).body.errors[0]!.message;
  }
  throw new Error('did not throw');
};

test('window: defaults, second granularity and the real refusals', () => {
  assert.deepEqual(resolveWindow('recent', NOW), { start: NOW - 7 * DAY, end: NOW - 30_000 });
  assert.deepEqual(resolveWindow('all', NOW), { start: NOW - 30_000 - 30 * DAY, end: NOW - 30_000 });
  assert.deepEqual(resolveWindow('recent', NOW, NOW - DAY + 999, NOW - 60_000 + 500), {
    start: NOW - DAY,
    end: NOW - 60_000,
  });
  assert.equal(
    messageOf(() => resolveWindow('recent', NOW, NOW - 8 * DAY)),
    "Invalid 'start_time':'2025-01-12T12:00Z'. 'start_time' must be on or after 2025-01-13T12:00Z",
  );
  assert.equal(
    messageOf(() => resolveWindow('all', NOW, Date.UTC(2006, 0, 1))),
    "Invalid 'start_time':'2006-01-01T00:00Z'. 'start_time' must be on or after 2006-03-21T00:00Z",
  );
  assert.equal(
    messageOf(() => resolveWindow('recent', NOW, undefined, NOW - 5_000)),
    "Invalid 'end_time':'2025-01-20T11:59Z'. 'end_time' must be a minimum of 10 seconds prior to the request time.",
  );
  assert.match(
    messageOf(() => resolveWindow('recent', NOW, NOW - DAY, NOW - 2 * DAY)),
    /^Invalid 'end_time':'.*'\. 'end_time' must be after 'start_time':'.*'$/,
  );
});

test('tokens: lowercase base 36, round trip, foreign tokens refused', () => {
  const c = {
    window: { start: NOW - 7 * DAY, end: NOW - 30_000 },
    position: { createdAt: NOW - 60_000, seq: '1880000000000000000' },
  };
  const token = encodeCursor(c);
  assert.match(token, /^[0-9a-z]+$/);
  assert.deepEqual(decodeCursor(token), c);
  assert.deepEqual(
    decodeCursor(encodeCursor({ ...c, position: { ...c.position, seq: '0000000000000000020' } }))?.position.seq,
    '0000000000000000020',
  );
  for (const bad of ['', 'zzz', token.toUpperCase(), token.slice(1), `x${token.slice(1)}`])
    assert.equal(decodeCursor(bad), null, bad);
});

test('buckets: cut by the window at both ends, aligned in between, empty ones kept', () => {
  const w = { start: Date.UTC(2025, 0, 1, 10, 30), end: Date.UTC(2025, 0, 1, 13, 15) };
  assert.deepEqual(
    bucketEdges(w, 'hour').map((t) => new Date(t).toISOString().slice(11, 16)),
    ['10:30', '11:00', '12:00', '13:00', '13:15'],
  );
  const b = bucketize([w.start, Date.UTC(2025, 0, 1, 11, 0), Date.UTC(2025, 0, 1, 13, 14)], w, 'hour');
  assert.deepEqual(
    b.data.map((x) => x.tweet_count),
    [1, 1, 0, 1],
  );
  assert.deepEqual(b.meta, { total_tweet_count: 3 });
});

const post = (over: Partial<MatchPost> = {}): MatchPost => ({
  id: '100',
  text: 'The quick brown fox #Tag @Someone',
  lang: 'en',
  author: { id: '7', username: 'alice', verified: true },
  entities: { hashtags: ['Tag'], mentions: ['Someone'] },
  ...over,
});

test('filed keys: ids, not usernames or verification; no stopwords', () => {
  const keys = docKeys(post({ in_reply_to_user_id: '8', in_reply_to_username: 'bob' }));
  for (const k of ['f:7', 't:8', 'quick', 'fox', '#tag', '@someone', 'l:en', 'is:reply', 'has:hashtags'])
    assert.ok(keys.includes(k), k);
  for (const k of ['f:alice', 't:bob', 'is:verified', 'the']) assert.ok(!keys.includes(k), k);
});

const ast = (q: string): QueryNode => {
  const r = parseQuery(q, { product: 'search', maxLength: 512 });
  if (!r.ok) throw new Error(r.errors.join(', '));
  return r.ast;
};
const plan = (q: string): Plan =>
  planOf(ast(q), { userIds: new Map([['alice', '7']]), listMembers: new Map([['9', ['7', '8']]]) });

test('plans: usernames become ids, exact clauses may be negated, loose ones add nothing', () => {
  assert.deepEqual(plan('from:alice'), { kind: 'key', key: 'f:7' });
  assert.deepEqual(plan('from:nobody'), { kind: 'none' });
  assert.deepEqual(plan('cat -dog'), {
    kind: 'and',
    children: [
      { kind: 'key', key: 'cat' },
      { kind: 'not', child: { kind: 'key', key: 'dog' } },
    ],
  });
  // A phrase needs its words but is not exactly them: negating it constrains nothing.
  assert.deepEqual(plan('cat -"big dog"'), { kind: 'key', key: 'cat' });
  assert.deepEqual(plan('"the big dog"'), {
    kind: 'and',
    children: [
      { kind: 'key', key: 'big' },
      { kind: 'key', key: 'dog' },
    ],
  });
  assert.deepEqual(plan('min_likes:5'), { kind: 'all' });
  assert.deepEqual(plan('cat is:verified'), { kind: 'key', key: 'cat' });
  assert.deepEqual(plan('list:9'), {
    kind: 'or',
    children: [
      { kind: 'key', key: 'f:7' },
      { kind: 'key', key: 'f:8' },
    ],
  });
  assert.deepEqual(plan('cat has:geo -point_radius:[2.35 48.85 10km]'), {
    kind: 'and',
    children: [
      { kind: 'key', key: 'cat' },
      { kind: 'key', key: 'has:geo' },
    ],
  });
});
