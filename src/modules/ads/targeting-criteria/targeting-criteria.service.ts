// Targeting criteria: list, get, create and delete under a line item of the account, each change
// recorded in the account history; and the locations catalog (notes §8.4, §13).
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { audienceForTargeting } from '../custom-audiences/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { recordChange, type ChangeType } from '../kit/history.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { lineItemById } from '../line-items/index.js';
import { LOCATIONS, type Location, type LocationType } from './locations.data.js';
import * as repo from './targeting-criteria.repo.js';
import type { TargetingCriterionRow } from './targeting-criteria.repo.js';
import { checkCriterion, type NewCriterion } from './targeting-criteria.rules.js';
import { criterionView } from './targeting-criteria.view.js';

const CUSTOM_AUDIENCE_TYPES: readonly string[] = ['CUSTOM_AUDIENCE', 'CUSTOM_AUDIENCE_EXPANDED'];

export async function listCriteria(
  deps: Deps,
  account: AdsAccount,
  p: { line_item_ids: string[]; targeting_criterion_ids?: string[]; lang?: string },
  q: ListQuery,
) {
  const f = { accountId: account.id, lineItemIds: p.line_item_ids, ids: p.targeting_criterion_ids };
  const { rows, total } = await repo.listCriteria(deps.db, f, q);
  const sortValue = (r: TargetingCriterionRow) => r[q.sort.attr as keyof TargetingCriterionRow] as number;
  return pageOf(rows, q, sortValue, (r) => criterionView(r, p.lang), total);
}

/** A deleted criterion is found only with `with_deleted=true` (notes §1). */
export async function getCriterion(
  deps: Deps,
  account: AdsAccount,
  id: string,
  p: { with_deleted: boolean; lang?: string },
) {
  const row = await repo.criterionById(deps.db, account.id, id);
  if (!row || (row.deleted && !p.with_deleted))
    throw notFound('Targeting Criterion', id, account.id, 'targeting_criterion_id');
  return criterionView(row, p.lang);
}

async function record(
  deps: Deps,
  tx: Queryable,
  userId: string,
  changeType: ChangeType,
  row: TargetingCriterionRow,
  before?: TargetingCriterionRow,
) {
  await recordChange(tx, deps.ids, {
    accountId: row.account_id,
    entityType: 'TARGETING_CRITERIA',
    entityId: row.id,
    changeType,
    at: row.updated_at,
    userId,
    after: criterionView(row),
    before: before ? criterionView(before) : null,
  });
}

/**
 * A transaction and what it has read of line items and their criteria counts, kept up to date as
 * criteria are made and deleted in it, so that a batch of 500 reads each line item once.
 */
export type Work = { tx: Queryable; live: Map<string, boolean>; counts: Map<string, Record<string, number>> };

export const workIn = (tx: Queryable): Work => ({ tx, live: new Map(), counts: new Map() });

async function isLive(w: Work, accountId: string, lineItemId: string): Promise<boolean> {
  if (!w.live.has(lineItemId)) {
    const lineItem = await lineItemById(w.tx, accountId, lineItemId);
    w.live.set(lineItemId, Boolean(lineItem && !lineItem.deleted));
  }
  return w.live.get(lineItemId)!;
}

async function countsOf(w: Work, lineItemId: string): Promise<Record<string, number>> {
  let counts = w.counts.get(lineItemId);
  if (!counts) w.counts.set(lineItemId, (counts = await repo.countsByType(w.tx, lineItemId)));
  return counts;
}

/** One criterion made in the work's transaction (the single call's or a batch's). */
export async function createIn(
  deps: Deps,
  w: Work,
  account: AdsAccount,
  userId: string,
  p: NewCriterion & { line_item_id: string },
): Promise<TargetingCriterionRow> {
  if (!(await isLive(w, account.id, p.line_item_id)))
    throw notFound('Line Item', p.line_item_id, account.id, 'line_item_id');
  const counts = await countsOf(w, p.line_item_id);
  const resolved = checkCriterion(p, counts, account.id);
  const now = deps.clock.now();
  // A custom audience must be the account's or shared with it (a revoked grant stops new targeting,
  // seed "States and transitions") and targetable (notes §8.4); the criterion is named after it.
  if (CUSTOM_AUDIENCE_TYPES.includes(p.targeting_type))
    resolved.name = (await audienceForTargeting(w.tx, account.id, p.targeting_value, now)).name;
  const row: TargetingCriterionRow = {
    id: newId36(deps.ids),
    account_id: account.id,
    line_item_id: p.line_item_id,
    name: resolved.name,
    operator_type: p.operator_type,
    targeting_type: p.targeting_type,
    targeting_value: p.targeting_value,
    location_type: resolved.location_type,
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await repo.insertCriterion(w.tx, row);
  await record(deps, w.tx, userId, 'CREATE', row);
  counts[row.targeting_type] = (counts[row.targeting_type] ?? 0) + 1;
  return row;
}

/** Soft delete in the work's transaction; a deleted or unknown criterion is 404, so a repeated delete is too. */
export async function deleteIn(
  deps: Deps,
  w: Work,
  account: AdsAccount,
  userId: string,
  id: string,
): Promise<TargetingCriterionRow> {
  const before = await repo.criterionById(w.tx, account.id, id);
  if (!before || before.deleted) throw notFound('Targeting Criterion', id, account.id, 'targeting_criterion_id');
  const now = deps.clock.now();
  await repo.markDeleted(w.tx, id, now);
  const after = { ...before, deleted: 1, updated_at: now };
  await record(deps, w.tx, userId, 'DELETE', after, before);
  const counts = w.counts.get(before.line_item_id);
  if (counts) counts[before.targeting_type] = (counts[before.targeting_type] ?? 1) - 1;
  return after;
}

export async function createCriterion(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  p: NewCriterion & { line_item_id: string },
) {
  return criterionView(await deps.db.tx((tx) => createIn(deps, workIn(tx), account, userId, p)));
}

export async function deleteCriterion(deps: Deps, account: AdsAccount, userId: string, id: string) {
  return criterionView(await deps.db.tx((tx) => deleteIn(deps, workIn(tx), account, userId, id)));
}

// ---- the locations catalog

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function matches(l: Location, p: { country_code?: string; location_type?: LocationType; q?: string }): boolean {
  if (p.country_code !== undefined && l.country_code !== p.country_code.toUpperCase()) return false;
  if (p.location_type !== undefined && l.location_type !== p.location_type) return false;
  // The docs call `q` "an optional query to scope resource by name"; Aviary matches any part of the
  // name, ignoring case.
  return p.q === undefined || l.name.toLowerCase().includes(p.q.toLowerCase());
}

/** The catalog filtered, ordered by name (then value) and paged by the kit's cursors. */
export function listLocations(p: { country_code?: string; location_type?: LocationType; q?: string }, q: ListQuery) {
  const sign = q.sort.dir === 'asc' ? 1 : -1;
  const order = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    sign * (cmp(a.name, b.name) || cmp(a.id, b.id));
  const after = q.after && { name: String(q.after.value), id: q.after.id };
  const rows = LOCATIONS.filter((l) => matches(l, p))
    .map((l) => ({ ...l, id: l.targeting_value }))
    .sort(order)
    .filter((r) => !after || order(r, after) > 0);
  return pageOf(
    rows.slice(0, q.count + 1),
    q,
    (r) => r.name,
    ({ id: _id, ...l }) => l,
  );
}
