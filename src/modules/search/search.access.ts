// From a plan (what every match must offer) to what to read: walks of postings that together hold
// every match (a conjunction's rarest part, a disjunction's parts together), or every post of the
// window when no key is offered by every match. A walk is one statement of a fixed shape: one key's
// postings, at most one other key checked beside it (`probe`). Whatever else the plan asks is
// checked in process over each candidate's filed keys (`meets`), never as SQL: a subquery per term
// made long queries cost seconds to plan and run (issue #15: 75 AND'ed words held the event loop
// for ~3 s). Sizes come from bounded counts in the request's window, so `#rare lang:en` walks `#rare`.
import type { Plan } from './search.plan.js';
import type { Literal, Walk } from './search.repo.js';

/** Postings of a key (null: every indexed post) in the window, counted up to `cap`. */
export type Estimate = (key: string | null, cap: number) => Promise<number>;

/**
 * What to read and what to check: every match is among the posts the walks yield (no walk: nothing
 * matches), and its filed keys meet `rest` (`all` when being yielded is enough).
 */
export type Drive = { walks: Walk[]; rest: Plan };

/** Counts stop here: past it, a part is as good a driver as any other. */
export const ESTIMATE_CAP = 1000;

const ALL: Plan = { kind: 'all' };

/** Whether filed keys meet the plan (a post files some twenty keys: a list is quicker than a set). */
export function meets(p: Plan, keys: readonly string[]): boolean {
  switch (p.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'key':
      return keys.includes(p.key);
    case 'not':
      return !meets(p.child, keys);
    case 'and':
      return p.children.every((c) => meets(c, keys));
    case 'or':
      return p.children.some((c) => meets(c, keys));
  }
}

/** Walking every post, or every post but some, is the last resort. */
const EVERYTHING = Number.MAX_SAFE_INTEGER;

/** Postings to read for a plan: exact below `cap`, otherwise some number at least `cap`. */
async function sizeOf(p: Plan, est: Estimate, cap: number): Promise<number> {
  switch (p.kind) {
    case 'none':
      return 0;
    case 'all':
    case 'not':
      return EVERYTHING;
    case 'key':
      return cap <= 0 ? 0 : est(p.key, cap);
    case 'and': {
      let best = EVERYTHING;
      for (const c of p.children) best = Math.min(best, await sizeOf(c, est, Math.min(cap, best)));
      return best;
    }
    case 'or': {
      let sum = 0;
      for (const c of p.children) {
        if (sum >= cap) break;
        sum += await sizeOf(c, est, cap - sum);
      }
      return sum;
    }
  }
}

const WEAK_KEY = /^(l|has|is):/;

function weak(p: Plan): boolean {
  switch (p.kind) {
    case 'key':
      return WEAK_KEY.test(p.key);
    case 'and':
      return p.children.every(weak);
    case 'or':
      return p.children.some(weak);
    default:
      return p.kind !== 'none';
  }
}

/** The part of a conjunction to walk: the smallest by count among those that can lead. Parts made of
 * conjunction-only keys (`lang:`, `has:`, `is:`) or negations lead only when nothing else can, and
 * a lone candidate is taken without counting. Each part is counted only as far as the smallest so
 * far, so many parts cost little more than the rarest one. */
async function pickDriver(children: Plan[], est: Estimate): Promise<number> {
  const strong = children.flatMap((c, i) => (weak(c) ? [] : [i]));
  const pool = strong.length ? strong : children.map((_, i) => i);
  let best = pool[0]!;
  if (pool.length === 1) return best;
  let smallest = await sizeOf(children[best]!, est, ESTIMATE_CAP);
  for (const i of pool.slice(1)) {
    if (smallest === 0) break;
    const n = await sizeOf(children[i]!, est, Math.min(smallest, ESTIMATE_CAP));
    if (n < smallest) [best, smallest] = [i, n];
  }
  return best;
}

function conjoin(a: Plan, rest: Plan[]): Plan {
  const parts = [a, ...rest].filter((p) => p.kind !== 'all');
  return parts.length === 0 ? ALL : parts.length === 1 ? parts[0]! : { kind: 'and', children: parts };
}

function literalOf(p: Plan): Literal | null {
  if (p.kind === 'key') return { key: p.key, present: true };
  if (p.kind === 'not' && p.child.kind === 'key') return { key: p.child.key, present: false };
  return null;
}

/** The conjunction's other parts, one key of them checked beside the walks when none has a probe
 * yet (a present key first: it narrows most), so `#coffee lang:es` reads no filed keys at all. */
function probed(d: Drive, others: Plan[]): Drive {
  const lits = others.map(literalOf);
  const present = lits.findIndex((l) => l !== null && l.present);
  const at = present >= 0 ? present : lits.findIndex((l) => l !== null);
  const free = d.walks.length > 0 && d.walks.every((w) => w.probe === undefined);
  if (!free || at < 0) return { walks: d.walks, rest: conjoin(d.rest, others) };
  return {
    walks: d.walks.map((w) => ({ key: w.key, probe: lits[at]! })),
    rest: conjoin(
      d.rest,
      others.filter((_, i) => i !== at),
    ),
  };
}

const SCAN: Walk = { key: null };

export async function driveOf(p: Plan, est: Estimate): Promise<Drive> {
  switch (p.kind) {
    case 'none':
      return { walks: [], rest: ALL };
    case 'all':
      return { walks: [SCAN], rest: ALL };
    case 'not':
      return probed({ walks: [SCAN], rest: ALL }, [p]);
    case 'key':
      return { walks: [{ key: p.key }], rest: ALL };
    case 'or': {
      const parts: Drive[] = [];
      for (const c of p.children) parts.push(await driveOf(c, est));
      // Some part may be anywhere in the window: walking it all is the only way.
      if (parts.some((d) => d.walks.some((w) => w.key === null && w.probe === undefined)))
        return { walks: [SCAN], rest: p };
      return { walks: parts.flatMap((d) => d.walks), rest: parts.every((d) => d.rest.kind === 'all') ? ALL : p };
    }
    case 'and': {
      const driver = await pickDriver(p.children, est);
      const d = await driveOf(p.children[driver]!, est);
      return probed(
        d,
        p.children.filter((_, i) => i !== driver),
      );
    }
  }
}
