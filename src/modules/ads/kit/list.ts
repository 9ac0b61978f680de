// What every Ads list shares (notes §4, seed "Common parameters and pagination"): `count` with the
// endpoint's default and range, an opaque `cursor`, `sort_by=<attribute>-asc|desc` over the
// resource's sortable attributes, `with_deleted`, and `with_total_count` (exclusive with `cursor`).
// The page answers `next_cursor` as a string while more remain and null on the last page, never "".
import { bool, int, list, str, withDefault, type Shape, type Spec } from '../../../http/input.js';
import { exclusive, invalid } from './errors.js';

export type Sort = { attr: string; dir: 'asc' | 'desc' };
export type Position = { value: string | number; id: string };
export type ListQuery = {
  count: number;
  after: Position | null;
  sort: Sort;
  withDeleted: boolean;
  withTotalCount: boolean;
};
export type Page<T> = { data: T[]; next_cursor: string | null; total_count?: number };

export type ListOptions = {
  /** Sortable attributes (notes §4 lists them per resource); the first is the default, ascending. */
  sortable: readonly string[];
  count?: { default: number; max: number };
  /** Lists without `with_deleted` or `with_total_count` (curated categories: notes §7). */
  noDeleted?: boolean;
  noTotalCount?: boolean;
  /** Lists without `sort_by` (media library, seed 001): always in the first sortable attribute's order. */
  noSort?: boolean;
};

const sortValues = (attrs: readonly string[]) => attrs.flatMap((a) => [`${a}-asc`, `${a}-desc`]);

/** The list parameters of one endpoint, as specs for kit/params.ts. */
export function listShape(o: ListOptions) {
  const count = o.count ?? { default: 200, max: 1000 };
  return {
    count: withDefault(int({ min: 1, max: count.max }), count.default),
    cursor: str({ min: 1, max: 200 }),
    ...(o.noSort ? {} : { sort_by: list(sortValues(o.sortable), { max: 1 }) }),
    ...(o.noDeleted ? {} : { with_deleted: withDefault(bool(), false) }),
    ...(o.noTotalCount ? {} : { with_total_count: withDefault(bool(), false) }),
  } satisfies Shape;
}

export type ListParams = {
  count: number;
  cursor?: string;
  sort_by?: string[];
  with_deleted?: boolean;
  with_total_count?: boolean;
};

/** The list parameters read, checked together. */
export function listQuery(p: ListParams, o: ListOptions): ListQuery {
  if (p.with_total_count && p.cursor !== undefined) throw exclusive('with_total_count', 'cursor');
  const [attr, dir] = (p.sort_by?.[0] ?? `${o.sortable[0]}-asc`).split(/-(?=asc$|desc$)/) as [string, Sort['dir']];
  return {
    count: p.count,
    after: p.cursor === undefined ? null : decodeCursor(p.cursor),
    sort: { attr, dir },
    withDeleted: p.with_deleted ?? false,
    withTotalCount: p.with_total_count ?? false,
  };
}

/** Cursors are opaque to clients (notes §4): `c-` and the position after the last row, base64url. */
export function encodeCursor(pos: Position): string {
  return 'c-' + Buffer.from(JSON.stringify([pos.value, pos.id])).toString('base64url');
}

function decodeCursor(text: string): Position {
  try {
    if (!text.startsWith('c-')) throw new Error('not ours');
    const [value, id] = JSON.parse(Buffer.from(text.slice(2), 'base64url').toString('utf8')) as unknown[];
    if ((typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'string') throw new Error('shape');
    return { value, id };
  } catch {
    throw invalid('cursor', `Invalid value ${JSON.stringify(text)} for cursor`);
  }
}

/**
 * A page from rows fetched with one row more than asked (`count + 1`): the extra row says whether
 * another page exists, so `next_cursor` is null exactly when nothing follows.
 */
export function pageOf<R extends { id: string }, T>(
  rows: R[],
  q: ListQuery,
  sortValue: (row: R) => string | number,
  view: (row: R) => T,
  total?: number,
): Page<T> {
  const more = rows.length > q.count;
  const shown = more ? rows.slice(0, q.count) : rows;
  const last = shown[shown.length - 1];
  return {
    data: shown.map(view),
    next_cursor: more && last ? encodeCursor({ value: sortValue(last), id: last.id }) : null,
    ...(total !== undefined ? { total_count: total } : {}),
  };
}

export type { Spec };
