// Line item curated categories: which curated category (a preset group of publishers) a line item
// runs next to (DOCS campaign-management.mdx, preroll guide "Curated Categories"). The docs state no
// rule on the line item's objective, so none is checked; they do say "a given line item may target no
// more than one Curated Category at a time".
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { curatedCategoryById } from '../categories/index.js';
import type { AdsAccount } from '../kit/account.js';
import { invalid, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { lineItemById } from '../line-items/index.js';
import * as repo from './line-item-curated-categories.repo.js';
import type { LineItemCuratedCategoryRow as Row } from './line-item-curated-categories.repo.js';
import { lineItemCuratedCategoryView as view } from './line-item-curated-categories.view.js';

// "… was not found for Account …" is the real wording for a line item (notes §3.2); the other two
// entities' messages follow it (Aviary's).
const missingOne = (account: AdsAccount, id: string) =>
  notFound('Line Item Curated Category', id, account.id, 'line_item_curated_category_id');

export async function list(deps: Deps, account: AdsAccount, q: ListQuery) {
  const { rows, total } = await repo.list(deps.db, account.id, q);
  return pageOf(rows, q, (r) => r[q.sort.attr as 'created_at' | 'updated_at' | 'deleted'], view, total);
}

export async function get(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.byId(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw missingOne(account, id);
  return view(row);
}

async function checkLineItem(tx: Queryable, account: AdsAccount, lineItemId: string, self: string | null) {
  const li = await lineItemById(tx, account.id, lineItemId);
  if (!li || li.deleted) throw notFound('Line Item', lineItemId, account.id, 'line_item_id');
  const taken = await repo.activeOfLineItem(tx, account.id, lineItemId);
  if (taken && taken.id !== self)
    throw invalid(
      'line_item_id',
      `Line item ${lineItemId} already targets curated category ${taken.curated_category_id}; a line item may target no more than one curated category`,
    );
}

function checkCuratedCategory(account: AdsAccount, id: string) {
  if (!curatedCategoryById(id)) throw notFound('Curated Category', id, account.id, 'curated_category_id');
}

export async function create(
  deps: Deps,
  account: AdsAccount,
  p: { line_item_id: string; curated_category_id: string },
) {
  const row = await deps.db.tx(async (tx) => {
    checkCuratedCategory(account, p.curated_category_id);
    await checkLineItem(tx, account, p.line_item_id, null);
    const now = deps.clock.now();
    const r: Row = {
      id: newId36(deps.ids),
      account_id: account.id,
      line_item_id: p.line_item_id,
      curated_category_id: p.curated_category_id,
      created_at: now,
      updated_at: now,
      deleted: 0,
    };
    await repo.insert(tx, r);
    return r;
  });
  return view(row);
}

async function live(tx: Queryable, account: AdsAccount, id: string): Promise<Row> {
  const row = await repo.byId(tx, account.id, id);
  if (!row || row.deleted) throw missingOne(account, id);
  return row;
}

export async function update(
  deps: Deps,
  account: AdsAccount,
  id: string,
  p: { line_item_id?: string; curated_category_id?: string },
) {
  const row = await deps.db.tx(async (tx) => {
    const before = await live(tx, account, id);
    if (p.curated_category_id !== undefined) checkCuratedCategory(account, p.curated_category_id);
    if (p.line_item_id !== undefined) await checkLineItem(tx, account, p.line_item_id, id);
    const after: Row = { ...before, ...p, updated_at: deps.clock.now() };
    await repo.update(tx, after);
    return after;
  });
  return view(row);
}

/** Soft delete: the association answers `deleted: true` (DOCS); a second delete is 404. */
export async function remove(deps: Deps, account: AdsAccount, id: string) {
  const row = await deps.db.tx(async (tx) => {
    const after: Row = { ...(await live(tx, account, id)), deleted: 1, updated_at: deps.clock.now() };
    await repo.update(tx, after);
    return after;
  });
  return view(row);
}
