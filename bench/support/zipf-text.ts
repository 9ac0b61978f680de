// Deterministic post texts and stream rules drawn from one Zipf vocabulary, shared by bench:stream and
// bench:writes so both load the same kind of rule set: mostly conjunctions, about one post in three
// matching some app's rules. One seeded generator draws everything, in call order.
import { mulberry32 } from './util.js';

export function zipfTexts(seed: number) {
  const rnd = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const seen = new Set<string>();
  while (seen.size < 4_000) {
    let w = '';
    for (let i = between(4, 9); i > 0; i--) w += 'abcdefghijklmnopqrstuvwxyz'[between(0, 25)];
    seen.add(w);
  }
  const vocab = [...seen];
  const cdf = new Float64Array(vocab.length);
  let sum = 0;
  for (let i = 0; i < vocab.length; i++) cdf[i] = sum += 1 / (i + 1);
  const zipfWord = (): string => {
    const x = rnd() * cdf[cdf.length - 1]!;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo]!;
  };
  const rare = () => vocab[between(1_000, vocab.length - 1)]!;
  const common = () => vocab[between(0, 299)]!;
  const ruleValue = (): string => {
    switch (between(0, 9)) {
      case 0:
        return rare();
      case 1:
      case 2:
        return `(${rare()} OR ${rare()}) ${common()}`;
      case 3:
        return `"${common()} ${common()}" ${rare()}`;
      case 4:
        return `${rare()} -${common()}`;
      default:
        return `${rare()} ${zipfWord()}`;
    }
  };
  /** A post's text; `n<i>` keeps every text distinct (the duplicate-content check). */
  const postText = (i: number) => `${Array.from({ length: between(6, 14) }, zipfWord).join(' ')} n${i}`;
  return { ruleValue, postText };
}
