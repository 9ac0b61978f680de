// The account check every `accounts/:account_id/…` path makes: "The specified account must be
// associated with the authenticated user" (DOCS, notes §2). The owner and users granted a role on it
// (control API) are associated; anyone else gets the documented 404. A deleted account is read only
// with `with_deleted=true` ("deleted data can still be viewed from most GET-based methods", notes §1);
// nothing is written under it, whatever the parameters: a write answers the documented 404 of an
// account the caller cannot reach. Sandbox-only calls (notes §6) work on sandbox accounts only: on a
// production account the real production host has no such route, so they answer ROUTE_NOT_FOUND.
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { adsError, noAccess, notFound } from './errors.js';

export type AdsAccountRow = {
  id: string;
  owner_user_id: string;
  name: string;
  business_id: string | null;
  business_name: string | null;
  timezone: string;
  timezone_switch_at: number | null;
  currency: string;
  industry_type: string | null;
  approval_status: string;
  sandbox: number;
  history_allowed: number;
  created_at: number;
  updated_at: number;
  deleted: number;
};

export type AdsAccount = AdsAccountRow & { permissions: string[] };

/** Every role of notes §2; an account's owner has them all. */
export const ROLES = [
  'ACCOUNT_ADMIN',
  'AD_MANAGER',
  'CREATIVE_MANAGER',
  'CAMPAIGN_ANALYST',
  'ANALYST',
  'PARTNER_AUDIENCE_MANAGER',
  'TWEET_COMPOSER',
] as const;
export type Role = (typeof ROLES)[number];

export async function accountRow(db: Queryable, id: string): Promise<AdsAccountRow | undefined> {
  return db.get<AdsAccountRow>('SELECT * FROM ads_accounts WHERE id = ?', [id]);
}

export async function accessOf(db: Queryable, accountId: string, userId: string): Promise<string[] | null> {
  const row = await db.get<{ permissions: string }>(
    'SELECT permissions FROM ads_account_users WHERE account_id = ? AND user_id = ?',
    [accountId, userId],
  );
  return row ? (JSON.parse(row.permissions) as string[]) : null;
}

export async function requireAccount(
  deps: Deps,
  userId: string,
  accountId: string,
  o: { write: boolean; withDeleted: boolean; sandboxOnly: boolean },
): Promise<AdsAccount> {
  const row = await accountRow(deps.db, accountId);
  const permissions = row ? await accessOf(deps.db, accountId, userId) : null;
  if (!row || !permissions || (row.deleted && o.write)) throw noAccess(userId, accountId);
  if (row.deleted && !o.withDeleted) throw notFound('Account', accountId, null, 'account_id');
  if (o.sandboxOnly && !row.sandbox) throw adsError('ROUTE_NOT_FOUND', 'The requested resource could not be found');
  return { ...row, permissions };
}
