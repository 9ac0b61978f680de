// Sharing custom audiences (seed "Audiences", "Permission rules" and "States and transitions"; notes
// §10.1): only the owning account grants or revokes; sharing is allowed between accounts of one
// business (`business_id`), or to any account when the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS.
// A revoke marks the permission deleted: the granted account can no longer target the audience, and
// its line items already targeting it keep their criteria (custom-audiences `audienceForTargeting`).
import type { Deps } from '../../../deps.js';
import { hasFeature } from '../accounts/index.js';
import { audienceHeld, requireOwnedAudience } from '../custom-audiences/index.js';
import { accountRow, type AdsAccount } from '../kit/account.js';
import { adsError, invalid, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './audience-permissions.repo.js';
import type { PermissionRow } from './audience-permissions.repo.js';
import { permissionView } from './audience-permissions.view.js';

export const SHARE_FEATURE = 'SHARE_AUDIENCE_OUTSIDE_BUSINESS';

/** Path parameter names: v12 `custom_audience_id`…, v5 `tailored_audience_id`… (seed "Audiences"). */
export type Names = { audience: string; permission: string; ids: string };

/**
 * The owner lists every permission of its audience; an account it is shared with sees its own grant
 * only (Aviary's choice: the docs do not say what a grantee sees).
 */
export async function listPermissions(
  deps: Deps,
  account: AdsAccount,
  audienceId: string,
  n: Names,
  p: { granted_account_ids?: string[]; ids?: string[] },
  q: ListQuery,
) {
  const held = await audienceHeld(deps.db, account.id, audienceId);
  if (!held) throw notFound('Custom Audience', audienceId, account.id, n.audience);
  const granted = held.holding.isOwner ? p.granted_account_ids : [account.id];
  if (!held.holding.isOwner && p.granted_account_ids && !p.granted_account_ids.includes(account.id))
    return { data: [], next_cursor: null };
  const f = { audienceId, grantedAccountIds: granted, ids: p.ids };
  const { rows, total } = await repo.listPermissions(deps.db, f, q);
  return pageOf(rows, q, (r) => r[q.sort.attr as keyof PermissionRow] as number, permissionView, total);
}

export async function grantPermission(
  deps: Deps,
  account: AdsAccount,
  audienceId: string,
  n: Names,
  p: { granted_account_id: string; permission_level: string },
) {
  const row = await deps.db.tx(async (tx) => {
    await requireOwnedAudience(tx, account.id, audienceId, n.audience);
    const grantee = await accountRow(tx, p.granted_account_id);
    if (!grantee || grantee.deleted) throw notFound('Account', p.granted_account_id, null, 'granted_account_id');
    // Messages here are Aviary's wording: the docs give the rules, not the server's answers.
    if (grantee.id === account.id)
      throw invalid('granted_account_id', `Account ${account.id} owns Custom Audience ${audienceId} already`);
    const oneBusiness = account.business_id !== null && account.business_id === grantee.business_id;
    if (!oneBusiness && !(await hasFeature(tx, account.id, SHARE_FEATURE)))
      throw adsError(
        'FEATURE_NOT_AVAILABLE',
        `Account ${grantee.id} is not in the business of Account ${account.id}; sharing outside the business needs the ${SHARE_FEATURE} feature`,
        'granted_account_id',
      );
    const now = deps.clock.now();
    // Granting again to an account that holds a live grant changes its level (Aviary's choice: one
    // live grant per account keeps "what is shared with whom" unambiguous).
    const live = await repo.liveGrant(tx, audienceId, grantee.id);
    if (live) {
      const fields = { permission_level: p.permission_level, updated_at: now };
      await repo.updatePermission(tx, live.id, fields);
      return { ...live, ...fields };
    }
    const row: PermissionRow = {
      id: newId36(deps.ids),
      custom_audience_id: audienceId,
      account_id: account.id,
      granted_account_id: grantee.id,
      permission_level: p.permission_level,
      created_at: now,
      updated_at: now,
      deleted: 0,
    };
    await repo.insertPermission(tx, row);
    return row;
  });
  return permissionView(row);
}

/** Revoke: `deleted` true (seed); a revoked or unknown permission is 404, so a repeated revoke is too. */
export async function revokePermission(deps: Deps, account: AdsAccount, audienceId: string, id: string, n: Names) {
  const row = await deps.db.tx(async (tx) => {
    await requireOwnedAudience(tx, account.id, audienceId, n.audience);
    const before = await repo.permissionById(tx, audienceId, id);
    if (!before || before.deleted) throw notFound('Custom Audience Permission', id, account.id, n.permission);
    const fields = { deleted: 1, updated_at: deps.clock.now() };
    await repo.updatePermission(tx, id, fields);
    return { ...before, ...fields };
  });
  return permissionView(row);
}
