import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeOps, encodeOps, mergeRuns, runOf, type Run, type UserOperation } from './custom-audiences.changes.js';

const W1 = { effectiveAt: 1, expiresAt: 10 };
const W2 = { effectiveAt: 2, expiresAt: 20 };
const update = (w: typeof W1, ...users: UserOperation['users']): UserOperation => ({ type: 'Update', ...w, users });
const plain = (r: Run) => ({
  keys: r.keys,
  windows: r.windows.map((w) => [w.effectiveAt, w.expiresAt]),
  idents: r.idents,
});

test('a run of one window: keys sorted, each once; additional identifiers point at their key', () => {
  const r = runOf([update(W1, 'ec', 'ea', ['eb', 'hb']), update(W1, 'ea', ['ed', 'hb'])]);
  assert.deepEqual(plain(r), {
    keys: ['ea', 'eb', 'ec', 'ed'],
    windows: [
      [1, 10],
      [1, 10],
      [1, 10],
      [1, 10],
    ],
    idents: [['hb', 'ed']],
  });
});

test('a run of several windows: a later operation’s window wins for a user sent twice', () => {
  const r = runOf([update(W1, 'eb', 'ea'), update(W2, 'ea'), update(W1, 'ec')]);
  assert.deepEqual(plain(r).keys, ['ea', 'eb', 'ec']);
  assert.deepEqual(plain(r).windows, [
    [2, 20],
    [1, 10],
    [1, 10],
  ]);
});

test('runs merged oldest first: the newer run wins for a user and for an identifier', () => {
  const a = runOf([update(W1, 'ea', 'ec', ['ee', 'hx'])]);
  const b = runOf([update(W2, 'eb', 'ec', ['ef', 'hx'])]);
  const c = runOf([update(W1, 'ef', 'eg')]);
  const m = mergeRuns([a, b, c]);
  assert.deepEqual(m.keys, ['ea', 'eb', 'ec', 'ee', 'ef', 'eg']);
  assert.deepEqual(
    m.windows.map((w) => w.effectiveAt),
    [1, 2, 2, 1, 1, 1],
  );
  assert.deepEqual(m.idents, [['hx', 'ef']]);
  assert.deepEqual(mergeRuns([a]), a);
  assert.deepEqual(mergeRuns([]), { keys: [], windows: [], idents: [] });
});

test('operations stored and read back as they were', () => {
  const ops: UserOperation[] = [
    update(W1, 'ea', ['eb', 'hb']),
    { type: 'Delete', ...W2, users: ['u"crm\n42', ['hb']] },
  ];
  assert.deepEqual(decodeOps(encodeOps(ops)), ops);
});
