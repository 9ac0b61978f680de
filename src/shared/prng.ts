// mulberry32: a small deterministic PRNG, for seeded datasets, benchmarks and property tests that
// must draw the same values every run. Not for secrets (node:crypto is).

const STEP = 0x6d2b79f5;

/** The output for one state of the generator (its state only ever advances by STEP). */
function mix(a: number): number {
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + STEP) >>> 0;
    return mix(a);
  };
}

/**
 * The `n`th number (1-based) `mulberry32(seed)` draws, without drawing the ones before: processes that
 * share a count of draws (fault rules across nodes, faults/faults.shared.ts) draw one sequence.
 */
export function mulberry32At(seed: number, n: number): number {
  return mix(((seed >>> 0) + Math.imul(n, STEP)) >>> 0);
}
