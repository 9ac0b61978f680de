// Candidates newest first from a drive (search.access.ts): what its walks yield, merged, each post
// once; those whose filed keys miss the rest of the plan are dropped here. Every read is one
// statement of a fixed shape over at most READ_MAX rows, and the event loop is let go between
// reads, so a long walk never keeps other requests waiting (SQLite calls are synchronous: one long
// statement holds every request of the process).
import type { Queryable } from '../../store/index.js';
import { meets, type Drive } from './search.access.js';
import { searchRepo, type Bounds, type Hit, type Walk } from './search.repo.js';

/** Rows per statement: a few milliseconds of SQLite work with the keys read and parsed. */
const READ_MAX = 2000;
/** The event loop is let go once this much was read: rows, a statement counting as STATEMENT_COST
 * rows (letting go after each of 75 tiny reads cost more than the reads themselves). */
const WORK_MAX = 2000;
const STATEMENT_COST = 50;

type Source = { walk: Walk; rows: Hit[]; at: number; size: number; below: Bounds['below']; done: boolean };

export type Candidates = {
  /** Up to `n` further candidates, newest first; fewer only when none are left. */
  next(n: number): Promise<Hit[]>;
};

/** Lets requests waiting on the event loop in before going on. */
export const letGo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Counts reads and lets the event loop go once WORK_MAX of them piled up; share one across the
 * walks of a request so that many short walks let go too. */
export function pacer(): (rows: number) => Promise<void> {
  let work = 0;
  return async (rows) => {
    work += rows + STATEMENT_COST;
    if (work < WORK_MAX) return;
    work = 0;
    await letGo();
  };
}

/** Order of (created_at, seq), the index order; seqs are zero-padded, so text order is numeric. */
function compare(a: Hit, b: Hit): number {
  return a.created_at - b.created_at || (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0);
}

const usedUp = (s: Source) => !s.done && s.at === s.rows.length;

export function openCandidates(db: Queryable, drive: Drive, bounds: Bounds, pace = pacer()): Candidates {
  const withKeys = drive.rest.kind !== 'all';
  const sources: Source[] = drive.walks.map((walk) => ({
    walk,
    rows: [],
    at: 0,
    size: 0,
    below: bounds.below,
    done: false,
  }));
  let last: Hit | undefined;

  /** Reads on in each used-up source, each read up to twice the last one (at least `want` rows). */
  async function refill(want: number): Promise<void> {
    for (const s of sources.filter(usedUp)) {
      s.size = Math.min(READ_MAX, Math.max(want, s.size * 2));
      s.rows = await searchRepo.walk(db, s.walk, { ...bounds, below: s.below }, s.size, withKeys);
      s.at = 0;
      s.done = s.rows.length < s.size;
      const end = s.rows[s.rows.length - 1];
      if (end) s.below = { createdAt: end.created_at, seq: end.seq };
      await pace(s.rows.length);
    }
  }

  /** The source holding the newest unread row, or undefined when every source is used up. */
  function newest(): Source | undefined {
    let best: Source | undefined;
    for (const s of sources) {
      if (s.at < s.rows.length && (!best || compare(s.rows[s.at]!, best.rows[best.at]!) > 0)) best = s;
    }
    return best;
  }

  return {
    async next(n) {
      const out: Hit[] = [];
      while (out.length < n) {
        if (sources.some(usedUp)) await refill(n - out.length + 1);
        const s = newest();
        if (!s) break;
        const hit = s.rows[s.at++]!;
        // A post offering several of the keys comes once from each of their postings, side by side.
        if (last && compare(hit, last) === 0) continue;
        last = hit;
        if (!withKeys) out.push(hit);
        else if (meets(drive.rest, hit.keys!)) out.push({ created_at: hit.created_at, seq: hit.seq });
      }
      return out;
    },
  };
}

/** The seqs of every post within the bounds offering any of `keys`, read key by key. */
export async function postsOffering(db: Queryable, keys: string[], bounds: Bounds): Promise<Set<string>> {
  const seqs = new Set<string>();
  const pace = pacer();
  for (const key of keys) {
    const hits = await openCandidates(db, { walks: [{ key }], rest: { kind: 'all' } }, bounds, pace).next(Infinity);
    for (const h of hits) seqs.add(h.seq);
  }
  return seqs;
}
