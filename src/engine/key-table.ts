import { createPostings, type Postings } from './postings.js';

// Interned index keys: each distinct key string referenced by some rule gets a small integer id,
// reference-counted so ids of keys no rule uses any more are reused. Holds the posting list (rules
// filed under the key) and the per-post stamp (does the current post offer the key?).

export interface KeyTable {
  /** The key's id, creating it if needed; counts one reference. */
  intern(key: string): number;
  release(id: number): void;
  idOf(key: string): number | undefined;
  /** The rules filed under the key. */
  readonly postings: Postings[];
  /** stamps[id] === the current epoch ⇔ the current post offers the key. */
  stamps: Uint32Array<ArrayBuffer>;
  readonly size: number;
}

export function createKeyTable(): KeyTable {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const refs: number[] = [];
  const free: number[] = [];
  const table: KeyTable = {
    postings: [],
    stamps: new Uint32Array(1024),
    intern(key) {
      let id = ids.get(key);
      if (id === undefined) {
        id = free.pop() ?? names.length;
        ids.set(key, id);
        names[id] = key;
        refs[id] = 0;
        table.postings[id] = createPostings();
        if (id >= table.stamps.length) table.stamps = grow(table.stamps, id);
      }
      refs[id]!++;
      return id;
    },
    release(id) {
      if (--refs[id]! > 0) return;
      ids.delete(names[id]!);
      free.push(id);
    },
    idOf: (key) => ids.get(key),
    get size() {
      return ids.size;
    },
  };
  return table;
}

export function grow(a: Uint32Array<ArrayBuffer>, index: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(Math.max(a.length * 2, index + 1));
  next.set(a);
  return next;
}
