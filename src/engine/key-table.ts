import { postKeys } from './post-keys.js';
import type { PreparedPost, Stamped } from './prepare.js';

// Interned index keys, shared by every rule index of the process: each distinct key string some rule
// refers to gets a small integer id, reference-counted so ids of keys no rule uses any more are
// reused. A post is stamped once (does it offer the key?) for all the indexes that match it in turn:
// a stream's post is matched against every app's index, and looking its keys up in one table per app
// was a fifth of the matching (issue #23, bench:writes streams: 5 apps, ~20 keys a post, 100 hash
// lookups a post instead of 20). Each index keeps its own posting lists by these ids.

export interface KeySpace {
  /** The key's id, creating it if needed; counts one reference. */
  intern(key: string): number;
  release(id: number): void;
  /**
   * Releases the references `refs` (counts by id) once `owner` is garbage: an index dropped whole
   * (a rule set read again) never releases its keys one by one.
   */
  track(owner: object, refs: number[]): void;
  idOf(key: string): number | undefined;
  /**
   * Stamps the post's keys (derived with `need`, NEED flags) in `stamps` under a fresh epoch and
   * returns the ids of those some rule uses. Stamped once for the indexes matched in turn: the answer
   * stands while no other post or mask was stamped and no key was added or dropped meanwhile.
   */
  stamp(p: PreparedPost, need: number): Stamped;
  /** stamps[id] === the epoch of the last stamp ⇔ that post offers the key. */
  readonly stamps: Uint32Array<ArrayBuffer>;
  readonly size: number;
}

export function createKeySpace(): KeySpace {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const refs: number[] = [];
  const free: number[] = [];
  let stamps = new Uint32Array(1024);
  let epoch = 0;
  /** Moves whenever a key is added or dropped: a stamp made before then may miss a key or name a gone one. */
  let version = 0;
  let last: Stamped | null = null;
  const dropped = new FinalizationRegistry<number[]>((refs) => {
    refs.forEach((n, id) => {
      for (let i = 0; i < n; i++) space.release(id);
    });
  });

  const space: KeySpace = {
    intern(key) {
      let id = ids.get(key);
      if (id === undefined) {
        id = free.pop() ?? names.length;
        ids.set(key, id);
        names[id] = key;
        refs[id] = 0;
        if (id >= stamps.length) stamps = grow(stamps, id);
        version++;
      }
      refs[id]!++;
      return id;
    },
    release(id) {
      if (--refs[id]! > 0) return;
      ids.delete(names[id]!);
      free.push(id);
      version++;
    },
    track: (owner, held) => dropped.register(owner, held),
    idOf: (key) => ids.get(key),
    stamp(p, need) {
      const memo = p.stamp;
      if (memo && memo.space === space && memo.need === need && memo.version === version && memo.stamped === last)
        return memo.stamped;
      if (++epoch === 0xffffffff) {
        stamps.fill(0);
        epoch = 1;
      }
      const present: number[] = [];
      for (const key of postKeys(p, need)) {
        const k = ids.get(key);
        if (k !== undefined && stamps[k] !== epoch) {
          stamps[k] = epoch;
          present.push(k);
        }
      }
      last = { epoch, present };
      p.stamp = { space, need, version, stamped: last };
      return last;
    },
    get stamps() {
      return stamps;
    },
    get size() {
      return ids.size;
    },
  };
  return space;
}

/** The process's key space: every rule index uses it unless given its own. */
export const sharedKeySpace = createKeySpace();

export function grow(a: Uint32Array<ArrayBuffer>, index: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(Math.max(a.length * 2, index + 1));
  next.set(a);
  return next;
}
