// A posting list that stores, for each rule filed under a key, the rule's whole program inline:
//   [slot, shared, length, ...program]   (`shared` = 1 when the rule is filed under other keys too)
// Scanning a list for a post is then one sequential read — at 250,000 rules the cost of matching is
// cache misses, and a rule verified where it is found costs none beyond its own bytes.

export interface Postings {
  data: Int32Array<ArrayBuffer>;
  /** Ints in use. */
  len: number;
  /** Rules filed here. */
  count: number;
}

export const HEADER = 3;

export function createPostings(): Postings {
  return { data: new Int32Array(32), len: 0, count: 0 };
}

export function append(list: Postings, slot: number, shared: boolean, code: Int32Array): void {
  const need = list.len + HEADER + code.length;
  if (need > list.data.length) {
    const next = new Int32Array(Math.max(need, list.data.length * 2));
    next.set(list.data.subarray(0, list.len));
    list.data = next;
  }
  const d = list.data;
  d[list.len] = slot;
  d[list.len + 1] = shared ? 1 : 0;
  d[list.len + 2] = code.length;
  d.set(code, list.len + HEADER);
  list.len = need;
  list.count++;
}

export function removeSlot(list: Postings, slot: number): void {
  const d = list.data;
  for (let i = 0; i < list.len; i += HEADER + d[i + 2]!) {
    if (d[i] !== slot) continue;
    const end = i + HEADER + d[i + 2]!;
    d.copyWithin(i, end, list.len);
    list.len -= end - i;
    list.count--;
    return;
  }
}
