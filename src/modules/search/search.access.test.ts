// What a plan reads: one walk per key that every match offers (the rarest part of a conjunction,
// each part of a disjunction), at most one more key checked beside it, the rest checked over filed
// keys; and how little counting it takes to find the rarest of many words (issue #15).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { driveOf, meets, type Estimate } from './search.access.js';
import type { Plan } from './search.plan.js';

const k = (key: string): Plan => ({ kind: 'key', key });
const not = (child: Plan): Plan => ({ kind: 'not', child });
const and = (...children: Plan[]): Plan => ({ kind: 'and', children });
const or = (...children: Plan[]): Plan => ({ kind: 'or', children });
const ALL: Plan = { kind: 'all' };

/** Postings per key (absent: 1,000,000), counted as a store would: no further than the cap. */
function sizes(known: Record<string, number>) {
  const asked: { key: string | null; cap: number }[] = [];
  const est: Estimate = async (key, cap) => {
    asked.push({ key, cap });
    return Math.min(cap, key === null ? 1e6 : (known[key] ?? 1e6));
  };
  return { est, asked };
}

test('meets: keys, negations, conjunctions and disjunctions over filed keys', () => {
  const keys = ['cat', 'f:7', 'l:en'];
  assert.equal(meets(and(k('cat'), not(k('dog'))), keys), true);
  assert.equal(meets(and(k('cat'), k('dog')), keys), false);
  assert.equal(meets(or(k('dog'), k('l:en')), keys), true);
  assert.equal(meets(ALL, []), true);
  assert.equal(meets({ kind: 'none' }, keys), false);
});

test('a conjunction walks its rarest key, checks one more beside it and the rest over filed keys', async () => {
  const { est } = sizes({ cat: 50, dog: 5, eel: 500 });
  assert.deepEqual(await driveOf(and(k('cat'), k('dog'), k('eel')), est), {
    walks: [{ key: 'dog', probe: { key: 'cat', present: true } }],
    rest: k('eel'),
  });
  // A present key is the better check; a negation is taken when nothing else is left.
  assert.deepEqual(await driveOf(and(not(k('x')), k('cat'), k('dog')), est), {
    walks: [{ key: 'dog', probe: { key: 'cat', present: true } }],
    rest: not(k('x')),
  });
  assert.deepEqual(await driveOf(and(k('cat'), not(k('x'))), est), {
    walks: [{ key: 'cat', probe: { key: 'x', present: false } }],
    rest: ALL,
  });
});

test('conjunction-only keys lead only when nothing else can', async () => {
  const { est } = sizes({ '#coffee': 900, 'l:es': 3 });
  assert.deepEqual(await driveOf(and(k('#coffee'), k('l:es')), est), {
    walks: [{ key: '#coffee', probe: { key: 'l:es', present: true } }],
    rest: ALL,
  });
  assert.deepEqual(await driveOf(and(k('l:en'), not(k('x'))), est), {
    walks: [{ key: 'l:en', probe: { key: 'x', present: false } }],
    rest: ALL,
  });
});

test('disjunctions walk every part, each part keeping its own check', async () => {
  const { est } = sizes({});
  assert.deepEqual(await driveOf(and(or(k('coffee'), k('café')), not(k('berlin'))), est), {
    walks: [
      { key: 'coffee', probe: { key: 'berlin', present: false } },
      { key: 'café', probe: { key: 'berlin', present: false } },
    ],
    rest: ALL,
  });
  const mixed = or(and(k('a'), k('b'), k('c')), k('d'));
  assert.deepEqual((await driveOf(mixed, est)).rest, mixed);
  // A part that may be any post makes the whole window the walk.
  const loose = or(k('a'), not(and(k('b'), k('c'))));
  assert.deepEqual(await driveOf(loose, est), { walks: [{ key: null }], rest: loose });
});

test('negations alone walk the window with the key checked beside; nothing walks nothing', async () => {
  const { est } = sizes({});
  assert.deepEqual(await driveOf(not(k('x')), est), {
    walks: [{ key: null, probe: { key: 'x', present: false } }],
    rest: ALL,
  });
  assert.deepEqual(await driveOf(ALL, est), { walks: [{ key: null }], rest: ALL });
  assert.deepEqual(await driveOf({ kind: 'none' }, est), { walks: [], rest: ALL });
});

test('75 words: each counted no further than the rarest so far, and none after one with no posting', async () => {
  const words = Array.from({ length: 75 }, (_, i) => k(`cat${i}`));
  const many = sizes(Object.fromEntries(words.map((_, i) => [`cat${i}`, 900 - i * 10])));
  const d = await driveOf(and(...words), many.est);
  assert.equal(d.walks[0]!.key, 'cat74');
  assert.equal(many.asked.length, 75);
  for (let i = 1; i < many.asked.length; i++) assert.ok(many.asked[i]!.cap <= many.asked[i - 1]!.cap);
  assert.ok(many.asked.every((a) => a.cap <= 1000));

  const empty = sizes({ cat3: 0 });
  assert.equal((await driveOf(and(...words), empty.est)).walks[0]!.key, 'cat3');
  assert.equal(empty.asked.length, 4);
});
