// A set of 60-bit fingerprints held in one typed array (open addressing, linear probing), and the
// fingerprint of a short text. Its one caller is the OAuth 1.0a nonce memory (auth/oauth1.nonces.memory.ts).
//
// The plain version is a `Set` of digest strings, and this set answers `add` exactly as a `Set` of the
// same pairs would (fingerprint-set.test.ts checks it against one over 50,000 entries); a fingerprint
// stands for its text as a digest would, with two texts agreeing by chance about once in 2⁶⁰ pairs.
// Why it exists: the nonce memory keeps hundreds of thousands of entries, and as a `Set` of strings
// each was an object the garbage collector had to walk, promote and copy, ~3 µs of CPU per verified
// request in a loaded server (ADR 0016; bench/NOTES.md, 2026-11-24); here an entry is two integers,
// made without a string or a call into native code.

/**
 * Fingerprints given as two 30-bit halves (0 ≤ hi, lo < 2³⁰), a pair of slots each; half of the pairs stay empty at
 * most.
 */
export type FingerprintSet = { slots: Int32Array; size: number };

const INITIAL_SLOTS = 1024;

export function fingerprintSet(): FingerprintSet {
  return { slots: new Int32Array(2 * INITIAL_SLOTS), size: 0 };
}

/** Adds the fingerprint; false when it was already there. */
export function addFingerprint(set: FingerprintSet, hi: number, lo: number): boolean {
  if (2 * (set.size + 1) > set.slots.length >> 1) grow(set);
  if (!place(set.slots, hi, lo)) return false;
  set.size++;
  return true;
}

/** Writes the pair into the first free slot of its probe run; false when it is already there. */
function place(slots: Int32Array, hi: number, lo: number): boolean {
  // Stored as hi + 1, so 0 marks an empty slot. Fingerprints are hashes: lo is already uniform.
  const tag = hi + 1;
  const mask = (slots.length >> 1) - 1;
  for (let i = lo & mask; ; i = (i + 1) & mask) {
    const at = slots[2 * i]!;
    if (at === 0) {
      slots[2 * i] = tag;
      slots[2 * i + 1] = lo;
      return true;
    }
    if (at === tag && slots[2 * i + 1] === lo) return false;
  }
}

function grow(set: FingerprintSet): void {
  const old = set.slots;
  const slots = new Int32Array(old.length * 2);
  for (let i = 0; i < old.length; i += 2) if (old[i] !== 0) place(slots, old[i]! - 1, old[i + 1]!);
  set.slots = slots;
}

/**
 * A 60-bit fingerprint of the text `a + "\n" + b + "\n" + c`, written to `out` as two 30-bit halves,
 * without building the text: two 32-bit multiply-xor hashes with different constants, each finished
 * by murmur3's avalanche. Not a cryptographic digest: for sets of values a caller does not choose
 * against other callers (one client's nonces, say), where two values agree by chance about once in
 * 2⁶⁰ pairs.
 */
export function fingerprintOf(out: Int32Array, a: string, b: string, c: string): void {
  h1 = 0x811c9dc5 | 0;
  h2 = 0x9747b28c | 0;
  feed(a);
  feed(b);
  feed(c);
  out[0] = avalanche(h1) >>> 2;
  out[1] = avalanche(h2) >>> 2;
}

// The two hashes' state while one fingerprint is made: module variables rather than an array or
// an object, so making one allocates nothing (it runs for every signed request).
let h1 = 0;
let h2 = 0;

/** The text's characters, then a newline (so ("ab", "c") and ("a", "bc") differ). */
function feed(text: string): void {
  for (let i = 0; i <= text.length; i++) {
    const ch = i < text.length ? text.charCodeAt(i) : 10;
    h1 = Math.imul(h1 ^ ch, 0x01000193);
    h2 = Math.imul(h2 ^ ch, 0x5bd1e995);
    h2 ^= h2 >>> 13;
  }
}

function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
