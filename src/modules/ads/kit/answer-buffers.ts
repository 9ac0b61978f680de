// Buffers for the large answers the router writes from pre-rendered rows (router.ts `withRows`), used
// again once an answer has left. A fresh buffer of ~870 KB per page of line items is memory that malloc
// takes from the kernel and, when the garbage collector frees it, gives back, so every 4 KB of it is
// faulted in again on the next page: 212 page faults and ~2 ms of system CPU a page on the bench's VM
// (bench/NOTES.md, "the Ads page of 1,000 line items from text rows"). Answers under 64 KB take a fresh
// buffer as before: malloc serves those from memory it keeps.
//
// A buffer comes back only when Node has handed the whole answer to the kernel (the response's
// 'finish'): until then the socket may still be writing from it. An answer cut short never finishes,
// and its buffer is left to the garbage collector. Whoever takes a buffer must not keep it (or a view
// of it) past `release`.

export type AnswerBuffer = {
  /** Exactly `size` bytes, to fill and send. */
  bytes: Buffer;
  /** Call once the answer has been handed to the kernel; a second call does nothing. */
  release(): void;
};

export type AnswerBuffers = { take(size: number): AnswerBuffer };

const POOLED_FROM = 64 * 1024;
/** Larger answers take a buffer of their own: a rare 100 MB page should not stay resident. */
const POOLED_UP_TO = 16 * 1024 * 1024;
/** Free buffers kept: one per answer being written at once, beyond which the collector has them. */
const KEEP = 4;

/** Capacities are powers of two, so pages of slightly different sizes share buffers. */
const capacityFor = (size: number) => 2 ** Math.ceil(Math.log2(size));

export function answerBuffers(): AnswerBuffers {
  const free: Buffer[] = [];
  return {
    take(size) {
      if (size < POOLED_FROM || size > POOLED_UP_TO) return { bytes: Buffer.allocUnsafe(size), release: () => {} };
      const at = free.findIndex((b) => b.length >= size);
      const whole = at >= 0 ? free.splice(at, 1)[0]! : Buffer.allocUnsafeSlow(capacityFor(size));
      let held = true;
      return {
        bytes: whole.subarray(0, size),
        release() {
          if (!held) return;
          held = false;
          if (free.length < KEEP) free.push(whole);
        },
      };
    },
  };
}
