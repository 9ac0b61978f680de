import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addFingerprint, fingerprintOf, fingerprintSet } from './fingerprint-set.js';
import { mulberry32 } from './prng.js';

test('agrees with a Set through many growths, for fingerprints that share a probe run', () => {
  const random = mulberry32(7);
  const set = fingerprintSet();
  const reference = new Set<string>();
  for (let i = 0; i < 50_000; i++) {
    // Few distinct low halves: long probe runs, and equal lo with different hi.
    const hi = Math.floor(random() * 2 ** 30);
    const lo = i % 3 ? Math.floor(random() * 2 ** 30) : Math.floor(random() * 64);
    const again = i % 5 === 0 && i > 0;
    const [h, l] = again ? ([...reference].at(-1)!.split(':').map(Number) as [number, number]) : [hi, lo];
    const fresh = !reference.has(`${h}:${l}`);
    assert.equal(addFingerprint(set, h, l), fresh, `entry ${i}`);
    reference.add(`${h}:${l}`);
  }
  assert.equal(set.size, reference.size);
  // Zero halves are fingerprints like any other (an empty slot is marked otherwise).
  assert.equal(addFingerprint(set, 0, 0), !reference.has('0:0'));
  assert.equal(addFingerprint(set, 0, 0), false);
  assert.equal(addFingerprint(set, 2 ** 30 - 1, 2 ** 30 - 1), !reference.has(`${2 ** 30 - 1}:${2 ** 30 - 1}`));
  assert.equal(addFingerprint(set, 2 ** 30 - 1, 2 ** 30 - 1), false);
});

test('fingerprints of texts: equal for equal texts, different otherwise, each half spread over 30 bits', () => {
  const out = new Int32Array(2);
  const of = (a: string, b: string, c: string) => {
    fingerprintOf(out, a, b, c);
    return [out[0]!, out[1]!] as const;
  };
  assert.deepEqual(of('key', 'token', 'nonce'), of('key', 'token', 'nonce'));
  // Where one part ends and the next begins counts; so does an empty part.
  const variants = [
    of('key', 'token', 'nonce'),
    of('ke', 'ytoken', 'nonce'),
    of('key', 'toke', 'nnonce'),
    of('key', '', 'tokennonce'),
    of('', 'key', 'tokennonce'),
    of('key', 'token', 'nonc'),
  ];
  assert.equal(new Set(variants.map(([hi, lo]) => `${hi}:${lo}`)).size, variants.length);
  // 200,000 nonces of one client differing in their last characters (as a counter makes them): no
  // two agree, and every bit of both halves is set about half the time.
  const seen = fingerprintSet();
  const ones = new Array<number>(60).fill(0);
  const N = 200_000;
  for (let i = 0; i < N; i++) {
    const [hi, lo] = of('consumer-key', '12-access-token', `a1b2c3d4e5f6${i.toString(36)}`);
    assert.ok(hi >= 0 && hi < 2 ** 30 && lo >= 0 && lo < 2 ** 30);
    assert.equal(addFingerprint(seen, hi, lo), true, `nonce ${i}`);
    for (let b = 0; b < 30; b++) {
      ones[b]! += (hi >>> b) & 1;
      ones[30 + b]! += (lo >>> b) & 1;
    }
  }
  for (const [b, n] of ones.entries()) assert.ok(Math.abs(n / N - 0.5) < 0.01, `bit ${b} set ${n} times of ${N}`);
});
