// The category catalogs (seed "Accounts": advertiser business categories, curated categories; notes
// §7): fixed data, read here. Line items use the business categories to check PREROLL_VIEWS
// `categories`, and line item curated categories look curated categories up.
import { pageOf, type ListQuery } from '../kit/list.js';
import {
  BUSINESS_CATEGORIES,
  CURATED_CATEGORIES,
  type BusinessCategory,
  type CuratedCategory,
} from './categories.catalog.js';
import { curatedCategoryView } from './categories.view.js';

const BY_IAB = new Map<string, BusinessCategory>(
  BUSINESS_CATEGORIES.flatMap((b) => b.iab_categories.map((iab) => [iab, b] as const)),
);

export function businessCategories(): readonly BusinessCategory[] {
  return BUSINESS_CATEGORIES;
}

/** The business category an IAB category belongs to, if any. */
export function businessCategoryOfIab(iab: string): BusinessCategory | undefined {
  return BY_IAB.get(iab);
}

export function curatedCategoryById(id: string): CuratedCategory | undefined {
  return CURATED_CATEGORIES.find((c) => c.id === id);
}

/** Sortable attributes of the curated categories list (Aviary's: the docs document no `sort_by` here). */
export const CURATED_SORTABLE = ['created_at', 'updated_at'] as const;

const timeOf = (c: CuratedCategory, attr: string): number =>
  Date.parse(attr === 'updated_at' ? c.updated_at : c.created_at);

/**
 * The curated categories available in any of `countryCodes`, a page at a time (ordered by the list's
 * sort, then id, like every keyset list). `total_count` comes unasked (DOCS example, notes §7).
 */
export function listCuratedCategories(countryCodes: string[], q: ListQuery) {
  const wanted = new Set(countryCodes);
  const key = (c: CuratedCategory) => timeOf(c, q.sort.attr);
  const sign = q.sort.dir === 'asc' ? 1 : -1;
  const compare = (v: number, id: string, w: number, other: string) =>
    sign * (v - w || (id < other ? -1 : id > other ? 1 : 0));
  const rows = CURATED_CATEGORIES.filter((c) => c.country_codes.some((cc) => wanted.has(cc)));
  rows.sort((a, b) => compare(key(a), a.id, key(b), b.id));
  const after = q.after;
  const rest = after ? rows.filter((c) => compare(key(c), c.id, Number(after.value), after.id) > 0) : rows;
  return { ...pageOf(rest.slice(0, q.count + 1), q, key, curatedCategoryView), total_count: rows.length };
}
