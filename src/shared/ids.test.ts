import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClock } from './clock.js';
import { compareIds, createIds, idAt, idTime } from './ids.js';

test('ids are digit strings that sort by time and carry their minting time', () => {
  const clock = createClock(() => 1_700_000_000_123);
  const ids = createIds(clock, 7);
  const a = ids.next();
  const b = ids.next();
  assert.match(a, /^[0-9]{1,19}$/);
  assert.equal(compareIds(a, b), -1);
  assert.equal(idTime(a), 1_700_000_000_123);
  assert.ok(compareIds(idAt(1_700_000_000_123), a) <= 0);
});

test('a frozen clock still yields unique, increasing ids past 4096 in one millisecond', () => {
  const clock = createClock(() => 1_700_000_000_000);
  const ids = createIds(clock, 1);
  const seen = new Set<string>();
  let prev = '0';
  for (let i = 0; i < 20_000; i++) {
    const id = ids.next();
    assert.equal(compareIds(prev, id), -1);
    seen.add(id);
    prev = id;
  }
  assert.equal(seen.size, 20_000);
});

test('two workers never mint the same id at the same instant', () => {
  const clock = createClock(() => 1_700_000_000_000);
  const a = createIds(clock, 1);
  const b = createIds(clock, 2);
  const all = new Set<string>();
  for (let i = 0; i < 5000; i++) {
    all.add(a.next());
    all.add(b.next());
  }
  assert.equal(all.size, 10_000);
});

test('a clock set backwards never makes ids go backwards', () => {
  let now = 1_700_000_000_000;
  const ids = createIds(
    createClock(() => now),
    3,
  );
  const first = ids.next();
  now -= 3_600_000;
  assert.equal(compareIds(first, ids.next()), -1);
});

test('after reserve(id), ids are greater than id even with the clock behind it', () => {
  const clock = createClock(() => 1_700_000_000_000);
  const ids = createIds(clock, 3);
  const ahead = idAt(1_800_000_000_000);
  ids.reserve(ahead);
  const a = ids.next();
  assert.equal(compareIds(ahead, a), -1);
  assert.equal(compareIds(a, ids.next()), -1);
  ids.reserve(idAt(1_600_000_000_000)); // an older floor changes nothing
  assert.equal(idTime(ids.next()), 1_800_000_000_001);
});

test('ahead: ids run that far ahead of the clock, as every node of a cluster sets after the clock went back', () => {
  let now = 1_700_000_000_000;
  const clock = createClock(() => now);
  const a = createIds(clock, 1);
  const b = createIds(clock, 2);
  assert.equal(a.lastTime(), 0);
  a.next();
  assert.equal(a.lastTime(), now);
  // Node b minted nothing while the clock stood an hour ahead; both now mint an hour ahead.
  a.ahead(3_600_000);
  b.ahead(3_600_000);
  const fromA = a.next();
  now += 1;
  const fromB = b.next();
  assert.equal(idTime(fromA), 1_700_000_000_000 + 3_600_000);
  assert.equal(compareIds(fromA, fromB), -1, 'later on b sorts after a');
  a.ahead(-5);
  now += 1;
  assert.ok(idTime(a.next()) >= idTime(fromA), 'never backwards, and never behind the clock');
});
