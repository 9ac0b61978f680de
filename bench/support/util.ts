// Small helpers shared by the benches: deterministic randomness, waiting on a condition, medians.

/** A seeded PRNG, so every bench run draws the same rules and posts. */
export { mulberry32 } from '../../src/shared/prng.js';

/** Resolves with fn's first truthy value, checking every 2 ms, or fails after `ms`. */
export async function until<T>(fn: () => T | undefined | null | false, ms: number): Promise<T> {
  const end = performance.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** The median of the figures of several rounds (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/**
 * A figure against its budget, as a bench prints it: `bearer  23.4 µs server CPU per request
 * (budget ≤ 40 µs): met`. Budgets are absolute (STYLE.md, "State and speed"), not ratios to
 * another server.
 */
export function budgetLine(name: string, figure: number, budget: number, unit: string, what: string): string {
  const verdict = figure <= budget ? 'met' : 'missed';
  return `${name.padEnd(10)} ${figure.toFixed(1)} ${unit} ${what} (budget ≤ ${budget} ${unit}): ${verdict}`;
}
