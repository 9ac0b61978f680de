// Builders for MatchPost values, for tests and benchmarks (here and in modules adapting to the engine).
import type { MatchPost } from './types.js';

let counter = 0;

/** A plain post by `@someone` with the given text; `over` replaces any field. */
export function makePost(text: string, over: Partial<MatchPost> = {}): MatchPost {
  counter++;
  return {
    id: String(1500000000000000000n + BigInt(counter)),
    text,
    lang: 'en',
    author: { id: '2244994945', username: 'someone', name: 'Some One' },
    ...over,
  };
}
