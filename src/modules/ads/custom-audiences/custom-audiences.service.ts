// Custom audiences (seed "Audiences"; notes §10.1): list by permission scope, get, create with a
// unique name, update, delete, the campaigns and line items targeting one, and what other Ads
// resources ask of an audience (targeting criteria: may this account target it?). Sizes and
// targetability are computed from the live members at read time, on the service clock.
//
// Audiences are not among the entities account history reports (kit/history.ts, seed "History
// entry"), so their changes are not recorded there.
import type { Deps } from '../../../deps.js';
import type { Db, Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, invalid, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import type { TargetingLineItemRow } from '../line-items/index.js';
import { settle, settleIn } from './custom-audiences.processing.js';
import * as repo from './custom-audiences.repo.js';
import type { AudienceRow } from './custom-audiences.repo.js';
import { audienceStatus, PROCESSING_MS } from './custom-audiences.rules.js';
import { audienceView, type Holding, type TargetedEntry } from './custom-audiences.view.js';

const OWNER: Holding = { isOwner: true, level: 'READ_WRITE' };

async function viewsOf(db: Db, rows: AudienceRow[], holdings: (r: AudienceRow) => Holding, now: number) {
  const ids = rows.map((r) => r.id);
  // Sizes are read from the members: batches still waiting are applied first (docs/adr/0025).
  await settle(db, ids);
  const sizes = await repo.liveSizes(db, ids, now);
  return rows.map((r) => audienceView(r, audienceStatus(sizes.get(r.id) ?? 0, r.processed_at, now), holdings(r)));
}

export async function listAudiences(
  deps: Deps,
  account: AdsAccount,
  p: { permission_scope: 'OWNER' | 'SHARED'; q?: string; custom_audience_ids?: string[] },
  q: ListQuery,
) {
  const f = { accountId: account.id, scope: p.permission_scope, ids: p.custom_audience_ids, q: p.q };
  const { rows, total } = await repo.listAudiences(deps.db, f, q);
  const page = pageOf(
    rows,
    q,
    (r) => r[q.sort.attr as keyof AudienceRow] as string | number,
    (r) => r,
    total,
  );
  const levels =
    p.permission_scope === 'SHARED'
      ? await repo.grantedLevels(
          deps.db,
          page.data.map((r) => r.id),
          account.id,
        )
      : new Map<string, string>();
  const holding = (r: AudienceRow): Holding =>
    r.account_id === account.id ? OWNER : { isOwner: false, level: levels.get(r.id) ?? 'READ_ONLY' };
  return { ...page, data: await viewsOf(deps.db, page.data, holding, deps.clock.now()) };
}

const audienceNotFound = (id: string, accountId: string) =>
  notFound('Custom Audience', id, accountId, 'custom_audience_id');

/**
 * The audience as the account holds it: owned, or shared with it by a live grant (a revoked grant
 * counts with `evenRevoked`); null if neither. Deleted audiences only with `withDeleted`.
 */
export async function audienceHeld(
  db: Queryable,
  accountId: string,
  id: string,
  o: { withDeleted?: boolean; evenRevoked?: boolean } = {},
): Promise<{ row: AudienceRow; holding: Holding } | null> {
  const row = await repo.audienceById(db, id);
  if (!row || (row.deleted && !o.withDeleted)) return null;
  if (row.account_id === accountId) return { row, holding: OWNER };
  const level = await repo.grantedLevel(db, id, accountId, o.evenRevoked);
  return level ? { row, holding: { isOwner: false, level } } : null;
}

/** An audience the account owns (writes: update, delete, users, permissions); the seed's `is_owner` rule. */
export async function requireOwnedAudience(
  db: Queryable,
  accountId: string,
  id: string,
  parameter = 'custom_audience_id',
): Promise<AudienceRow> {
  const held = await audienceHeld(db, accountId, id);
  if (!held) throw notFound('Custom Audience', id, accountId, parameter);
  // Only the owning account changes an audience or its permissions (seed "Permission rules"); the
  // message is Aviary's wording.
  if (!held.holding.isOwner)
    throw adsError('ACTION_NOT_ALLOWED', `Only the owner account of Custom Audience ${id} may change it`, 'account_id');
  return held.row;
}

export async function getAudience(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const held = await audienceHeld(deps.db, account.id, id, { withDeleted });
  if (!held) throw audienceNotFound(id, account.id);
  return (await viewsOf(deps.db, [held.row], () => held.holding, deps.clock.now()))[0]!;
}

/** "Unique name value must be used. Failure to do so will result in an error." (notes §10.1; wording Aviary's.) */
async function checkNameFree(db: Queryable, accountId: string, name: string, self?: string) {
  const other = await repo.audienceNamed(db, accountId, name);
  if (other && other.id !== self)
    throw invalid('name', `A custom audience named ${JSON.stringify(name)} already exists for Account ${accountId}`);
}

/** A new audience is PROCESSING (and TOO_SMALL) at first, as the docs' POST example shows (notes §10.1). */
export async function createAudience(deps: Deps, account: AdsAccount, p: { name: string; description?: string }) {
  const row = await deps.db.tx(async (tx) => {
    await checkNameFree(tx, account.id, p.name);
    const now = deps.clock.now();
    const row: AudienceRow = {
      id: newId36(deps.ids),
      account_id: account.id,
      name: p.name,
      description: p.description || null,
      processed_at: now + PROCESSING_MS,
      created_at: now,
      updated_at: now,
      deleted: 0,
    };
    await repo.insertAudience(tx, row);
    return row;
  });
  return (await viewsOf(deps.db, [row], () => OWNER, deps.clock.now()))[0]!;
}

/** PUT name and description; an empty description unsets it (notes §1). */
export async function updateAudience(
  deps: Deps,
  account: AdsAccount,
  id: string,
  p: { name?: string; description?: string },
) {
  const row = await deps.db.tx(async (tx) => {
    const before = await requireOwnedAudience(tx, account.id, id);
    if (p.name !== undefined) await checkNameFree(tx, account.id, p.name, id);
    const fields = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.description !== undefined ? { description: p.description || null } : {}),
      updated_at: deps.clock.now(),
    };
    await repo.updateAudience(tx, id, fields);
    return { ...before, ...fields };
  });
  return (await viewsOf(deps.db, [row], () => OWNER, deps.clock.now()))[0]!;
}

/** Soft delete; a deleted or unknown audience is 404, so a repeated delete is too. */
export async function deleteAudience(deps: Deps, account: AdsAccount, id: string) {
  const row = await deps.db.tx(async (tx) => {
    const before = await requireOwnedAudience(tx, account.id, id);
    const fields = { deleted: 1, updated_at: deps.clock.now() };
    await repo.updateAudience(tx, id, fields);
    return { ...before, ...fields };
  });
  return (await viewsOf(deps.db, [row], () => OWNER, deps.clock.now()))[0]!;
}

// ---- targeting

/**
 * What targeting criteria ask before a CUSTOM_AUDIENCE or CUSTOM_AUDIENCE_EXPANDED criterion is made
 * (notes §8.4 "custom audience must be `targetable: true`"): the audience must be the account's own
 * or shared with it by a live grant (a revoked grant stops new targeting, seed "States and
 * transitions") and targetable now. Answers the audience's name, the criterion's `name`.
 */
export async function audienceForTargeting(db: Queryable, accountId: string, id: string, now: number) {
  const held = await audienceHeld(db, accountId, id);
  if (!held)
    throw adsError(
      'TAILORED_AUDIENCE_NOT_FOUND',
      `Custom Audience ${id} was not found for Account ${accountId}`,
      'targeting_value',
    );
  await settleIn(db, [id]);
  const size = (await repo.liveSizes(db, [id], now)).get(id) ?? 0;
  const status = audienceStatus(size, held.row.processed_at, now);
  if (!status.targetable)
    throw invalid(
      'targeting_value',
      `Custom Audience ${id} is not targetable (${status.reasons_not_targetable.join(', ')})`,
    );
  return { name: held.row.name };
}

/**
 * The account's line items (not deleted) targeting an audience through a live CUSTOM_AUDIENCE or
 * CUSTOM_AUDIENCE_EXPANDED criterion, with their campaign, ordered by campaign then line item. Read
 * from the targeting criteria and line items resources, so it is composed in ads/index.ts and handed in.
 */
export type AudienceLineItems = (
  db: Queryable,
  accountId: string,
  audienceId: string,
) => Promise<TargetingLineItemRow[]>;

/** A line item serves when it and its campaign are ACTIVE and it has not ended (Aviary serves nothing else). */
const servable = (li: TargetingLineItemRow, now: number) =>
  li.entity_status === 'ACTIVE' &&
  li.campaign_status === 'ACTIVE' &&
  !li.campaign_deleted &&
  (li.end_time === null || li.end_time > now);

/**
 * The account's campaigns and line items targeting the audience through their targeting criteria,
 * one entry per campaign, paged by campaign id. `with_active` (default true) lists servable line items
 * only; false lists the others too (seed). The account must own the audience or have been granted it,
 * even if since revoked: its running line items keep targeting it (seed "States and transitions").
 */
export async function targetedBy(
  deps: Deps,
  audienceLineItems: AudienceLineItems,
  account: AdsAccount,
  id: string,
  p: { with_active: boolean },
  q: ListQuery,
) {
  const held = await audienceHeld(deps.db, account.id, id, { evenRevoked: true });
  if (!held) throw audienceNotFound(id, account.id);
  const now = deps.clock.now();
  const groups = new Map<string, TargetedEntry & { id: string }>();
  for (const li of await audienceLineItems(deps.db, account.id, id)) {
    const ok = servable(li, now);
    if (p.with_active && !ok) continue;
    let g = groups.get(li.campaign_id);
    if (!g)
      groups.set(
        li.campaign_id,
        (g = { id: li.campaign_id, campaign_id: li.campaign_id, campaign_name: li.campaign_name, line_items: [] }),
      );
    g.line_items.push({ id: li.id, name: li.name, servable: ok });
  }
  const sign = q.sort.dir === 'asc' ? 1 : -1;
  const rows = [...groups.values()]
    .sort((a, b) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((g) => !q.after || sign * (g.id < q.after.id ? -1 : g.id > q.after.id ? 1 : 0) > 0);
  return pageOf(
    rows.slice(0, q.count + 1),
    q,
    (g) => g.id,
    ({ id: _id, ...entry }) => entry,
  );
}
