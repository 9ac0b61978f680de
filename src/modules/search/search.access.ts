// From a plan (what every match must offer) to an access path (what to read): a conjunction walks
// its rarest part and checks the others per posting (negations included); a disjunction reads the
// union of its parts. Sizes come from bounded counts in the request's window, so `#rare lang:en`
// walks `#rare`; only a plan with nothing positive walks every post of the window.
import type { Plan } from './search.plan.js';
import type { Access, Filter } from './search.repo.js';

/** Postings of a key (null: every indexed post) in the window, counted up to some cap. */
export type Estimate = (key: string | null) => Promise<number>;

/** Walking every post, or every post but some, is the last resort. */
const EVERYTHING = Number.MAX_SAFE_INTEGER;

async function sizeOf(p: Plan, est: Estimate): Promise<number> {
  switch (p.kind) {
    case 'none':
      return 0;
    case 'all':
    case 'not':
      return EVERYTHING;
    case 'key':
      return est(p.key);
    case 'and':
      return Math.min(...(await Promise.all(p.children.map((c) => sizeOf(c, est)))));
    case 'or':
      return (await Promise.all(p.children.map((c) => sizeOf(c, est)))).reduce((a, b) => a + b, 0);
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

function filterOf(p: Plan): Filter {
  switch (p.kind) {
    case 'key':
      return { kind: 'key', key: p.key };
    case 'all':
      return { kind: 'and', children: [] };
    case 'none':
      return { kind: 'or', children: [] };
    case 'not':
      return { kind: 'not', child: filterOf(p.child) };
    default:
      return { kind: p.kind, children: p.children.map(filterOf) };
  }
}

/** The access without posts offering any of `keys`. */
export function excluding(a: Access, keys: string[]): Access {
  return keys.length
    ? withFilters(a, [{ kind: 'not', child: { kind: 'or', children: keys.map((key) => ({ kind: 'key', key })) } }])
    : a;
}

function withFilters(a: Access, filters: Filter[]): Access {
  if (filters.length === 0 || a.kind === 'empty') return a;
  if (a.kind === 'scan') return { ...a, filters: [...a.filters, ...filters] };
  return { kind: 'union', branches: a.branches.map((b) => withFilters(b, filters)) };
}

/** The part of a conjunction to walk: the smallest by count among those that can lead. Parts made of
 * conjunction-only keys (`lang:`, `has:`, `is:`) or negations lead only when nothing else can, and
 * a lone candidate is taken without counting. */
async function pickDriver(children: Plan[], est: Estimate): Promise<number> {
  const strong = children.flatMap((c, i) => (weak(c) ? [] : [i]));
  const pool = strong.length ? strong : children.map((_, i) => i);
  if (pool.length === 1) return pool[0]!;
  const sizes = await Promise.all(pool.map((i) => sizeOf(children[i]!, est)));
  return pool[sizes.indexOf(Math.min(...sizes))]!;
}

export async function accessOf(p: Plan, est: Estimate): Promise<Access> {
  switch (p.kind) {
    case 'none':
      return { kind: 'empty' };
    case 'all':
      return { kind: 'scan', key: null, filters: [] };
    case 'not':
      return { kind: 'scan', key: null, filters: [filterOf(p)] };
    case 'key':
      return { kind: 'scan', key: p.key, filters: [] };
    case 'or':
      return { kind: 'union', branches: await Promise.all(p.children.map((c) => accessOf(c, est))) };
    case 'and': {
      const driver = await pickDriver(p.children, est);
      const rest = p.children.filter((_, i) => i !== driver).map(filterOf);
      return withFilters(await accessOf(p.children[driver]!, est), rest);
    }
  }
}
