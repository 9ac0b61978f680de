// From a plan (what every match must offer) to an access path (what to read): a conjunction walks
// its rarest part and checks the others per posting; a disjunction reads the union of its parts.
// Sizes come from bounded counts in the request's window, so `#rare lang:en` walks `#rare`.
import type { Plan } from './search.keys.js';
import type { Access, Filter } from './search.repo.js';

/** Postings of a key (null: every indexed post) in the window, counted up to some cap. */
export type Estimate = (key: string | null) => Promise<number>;

async function sizeOf(p: Plan, est: Estimate): Promise<number> {
  switch (p.kind) {
    case 'none': return 0;
    case 'all': return est(null);
    case 'key': return est(p.key);
    case 'and': return Math.min(...(await Promise.all(p.children.map((c) => sizeOf(c, est)))));
    case 'or': return (await Promise.all(p.children.map((c) => sizeOf(c, est)))).reduce((a, b) => a + b, 0);
  }
}

function filterOf(p: Plan): Filter {
  switch (p.kind) {
    case 'key': return { kind: 'key', key: p.key };
    case 'all': return { kind: 'and', children: [] };
    case 'none': return { kind: 'or', children: [] };
    default: return { kind: p.kind, children: p.children.map(filterOf) };
  }
}

function withFilters(a: Access, filters: Filter[]): Access {
  if (filters.length === 0 || a.kind === 'empty') return a;
  if (a.kind === 'scan') return { ...a, filters: [...a.filters, ...filters] };
  return { kind: 'union', branches: a.branches.map((b) => withFilters(b, filters)) };
}

export async function accessOf(p: Plan, est: Estimate): Promise<Access> {
  switch (p.kind) {
    case 'none': return { kind: 'empty' };
    case 'all': return { kind: 'scan', key: null, filters: [] };
    case 'key': return { kind: 'scan', key: p.key, filters: [] };
    case 'or': return { kind: 'union', branches: await Promise.all(p.children.map((c) => accessOf(c, est))) };
    case 'and': {
      const sizes = await Promise.all(p.children.map((c) => sizeOf(c, est)));
      const driver = sizes.indexOf(Math.min(...sizes));
      const rest = p.children.filter((_, i) => i !== driver).map(filterOf);
      return withFilters(await accessOf(p.children[driver]!, est), rest);
    }
  }
}
