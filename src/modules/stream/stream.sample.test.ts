import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inSample, partitionOf } from './stream.sample.js';

const ids = Array.from({ length: 20_000 }, (_, i) => String(1_800_000_000_000_000_000n + BigInt(i) * 4_194_304n));

test('the 1 % and 10 % samples hold about that share, the 1 % inside the 10 %', () => {
  const one = ids.filter((id) => inSample(id, 1));
  const ten = ids.filter((id) => inSample(id, 10));
  assert.ok(one.length > 100 && one.length < 300, `1 %: ${one.length}`);
  assert.ok(ten.length > 1_700 && ten.length < 2_300, `10 %: ${ten.length}`);
  assert.ok(one.every((id) => inSample(id, 10)));
  assert.ok(ids.every((id) => inSample(id, 100)));
});

test('partitions are disjoint, cover every id and are about even', () => {
  const counts = new Array(20).fill(0);
  for (const id of ids) {
    const p = partitionOf(id, 20);
    assert.ok(p >= 1 && p <= 20);
    counts[p - 1]++;
  }
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    ids.length,
  );
  assert.ok(
    counts.every((n) => n > 800 && n < 1_200),
    counts.join(','),
  );
  assert.equal(partitionOf(ids[0]!, 1), 1);
  assert.equal(partitionOf(ids[7]!, 8), partitionOf(ids[7]!, 8));
});
