import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRing, matchesFilter, type Entry } from './journal.ring.js';

const entry = (over: Partial<Entry> = {}): Omit<Entry, 'seq'> => ({
  kind: 'request',
  time: 1000,
  method: 'GET',
  path: '/2/users/12',
  route: '/2/users/:id',
  query: null,
  auth_scheme: 'bearer',
  caller: 'app',
  app_id: 'a',
  user_id: null,
  status: 200,
  error: null,
  latency_ms: 1,
  request_id: '1',
  faults: null,
  extra: null,
  ...over,
});

test('the ring keeps the newest `size` entries, newest first, and pages with a cursor', () => {
  const ring = createRing(3);
  for (let i = 0; i < 5; i++) ring.push(entry({ time: i }));
  const all = ring.page({}, 10);
  assert.deepEqual(
    all.entries.map((e) => e.seq),
    [5, 4, 3],
  );
  const first = ring.page({}, 2);
  assert.equal(first.more, true);
  const second = ring.page({}, 2, first.entries.at(-1)!.seq);
  assert.deepEqual(
    second.entries.map((e) => e.seq),
    [3],
  );
  assert.equal(second.more, false);
  ring.clear();
  assert.equal(ring.page({}, 10).entries.length, 0);
  ring.push(entry());
  assert.equal(ring.page({}, 10).entries[0]!.seq, 6, 'sequences never repeat');
});

test('filters: status and class, path whole, template or prefix, time window, app', () => {
  const e = { ...entry({ status: 503 }), seq: 1 };
  assert.ok(matchesFilter(e, { status: '503' }));
  assert.ok(matchesFilter(e, { status: '5xx' }));
  assert.ok(!matchesFilter(e, { status: '4xx' }));
  assert.ok(matchesFilter(e, { path: '/2/users/:id' }));
  assert.ok(matchesFilter(e, { path: '/2/users/*' }));
  assert.ok(!matchesFilter(e, { path: '/2/users' }));
  assert.ok(matchesFilter(e, { since: 1000, until: 1001 }));
  assert.ok(!matchesFilter(e, { until: 1000 }));
  assert.ok(!matchesFilter(e, { app_id: 'b' }));
});
