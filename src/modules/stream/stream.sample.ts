// Which events a sampled or partitioned stream carries, decided by the event's own id so that every
// process, every reconnect and every backfill agree. The real 1 % and 10 % samples are deterministic
// too (a post is in the sample or not, whoever connects); the 1 % sample is within the 10 % one here.
// Partitions split a stream's events into disjoint shares, together the whole stream (DOCS decahose:
// "2 partitions, each containing 50% of volume"). Pure.
import { hash } from 'node:crypto';

/** The last ids' hashes: every connection of a partitioned stream asks for each event's (issue #23). */
const recent = new Map<string, readonly [number, number]>();
const RECENT = 4_096;

/** Two independent numbers in [0, 2^32) from the id: one for the sample, one for the partition. */
function hashes(id: string): readonly [number, number] {
  let known = recent.get(id);
  if (!known) {
    const h = hash('sha1', id, 'buffer');
    known = [h.readUInt32BE(0), h.readUInt32BE(4)];
    if (recent.size >= RECENT) recent.clear();
    recent.set(id, known);
  }
  return known;
}

/** Whether the event with this id is in the `percent` % sample (1 or 10). */
export function inSample(id: string, percent: number): boolean {
  return hashes(id)[0] % 1000 < percent * 10;
}

/** The partition (1..count) an event with this id goes to. */
export function partitionOf(id: string, count: number): number {
  return (hashes(id)[1] % count) + 1;
}
