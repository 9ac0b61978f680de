import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pick, type Renderers } from './pick.js';

type Row = { id: string; name: string; bio: string | null; n: number };
const RENDER: Renderers<Row> = {
  bio: (r) => r.bio ?? undefined,
  count: (r) => r.n,
  flag: () => false,
};

const row: Row = { id: '1', name: 'a', bio: null, n: 3 };

test('only asked-for fields appear, after the defaults and in the order asked', () => {
  const out = pick(RENDER, row, ['flag', 'count'], { id: row.id });
  assert.deepEqual(Object.entries(out), [
    ['id', '1'],
    ['flag', false],
    ['count', 3],
  ]);
});

test('a field without a value or without a renderer is left out', () => {
  assert.deepEqual(pick(RENDER, row, ['bio', 'unknown'], {}), {});
});

test('renderers get the context the view passes', () => {
  const TIMED: Renderers<Row, number> = { open: (r, now) => now < r.n };
  assert.deepEqual(pick(TIMED, row, ['open'], {}, 2), { open: true });
  assert.deepEqual(pick(TIMED, row, ['open'], {}, 5), { open: false });
});
