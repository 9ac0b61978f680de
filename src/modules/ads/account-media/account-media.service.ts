// Account media (seed 001 "Creatives"; notes §9.6): the creatives of publisher placements. v12 has
// no POST (deprecated in v5): they come from the media library (an AMPLIFY_VIDEO added there becomes a
// PREROLL account media) or from the control API. Listed, read and soft-deleted here.
import type { Deps } from '../../../deps.js';
import type { Ids } from '../../../shared/ids.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './account-media.repo.js';
import type { AccountMediaRow } from './account-media.repo.js';
import { accountMediaView } from './account-media.view.js';

/** creative_type (seed 001, Enumerations). */
export const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];
/** The creative types that show a video; the others show an image. */
export const VIDEO_CREATIVE_TYPES: readonly string[] = ['PREROLL', 'VAST_PREROLL'];

export async function listAccountMedia(
  deps: Deps,
  account: AdsAccount,
  p: { account_media_ids?: string[]; creative_types?: string[] },
  q: ListQuery,
) {
  const f = { accountId: account.id, ids: p.account_media_ids, creativeTypes: p.creative_types };
  const { rows, total } = await repo.listAccountMedia(deps.db, f, q);
  const sortValue = (r: AccountMediaRow) => r[q.sort.attr as 'created_at' | 'updated_at' | 'deleted'];
  return pageOf(rows, q, sortValue, accountMediaView, total);
}

/**
 * NOT_FOUND with the real `Line Item gsmga was not found for Account xxxx` pattern (notes §3.2): the real
 * service answers a missing line item so although LINE_ITEM_NOT_FOUND exists; account media likewise.
 */
const accountMediaNotFound = (id: string, accountId: string) =>
  notFound('Account Media', id, accountId, 'account_media_id');

export async function getAccountMedia(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.accountMediaById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw accountMediaNotFound(id, account.id);
  return accountMediaView(row);
}

/** Soft delete; a deleted or unknown account media is 404, so a repeated delete is too (seed). */
export async function deleteAccountMedia(deps: Deps, account: AdsAccount, id: string) {
  const row = await deps.db.tx(async (tx) => {
    const before = await repo.accountMediaById(tx, account.id, id);
    if (!before || before.deleted) throw accountMediaNotFound(id, account.id);
    const now = deps.clock.now();
    await repo.markDeleted(tx, id, now);
    return { ...before, deleted: 1, updated_at: now };
  });
  return accountMediaView(row);
}

export type NewAccountMedia = {
  accountId: string;
  creativeType: CreativeType;
  mediaKey: string;
  /** Video creatives name the media key as `video_id`; image creatives show `media_url`. */
  video: boolean;
  mediaUrl: string | null;
  at: number;
};

/**
 * Makes an account media inside the caller's transaction; when the account already has a live one of
 * this creative type for this media, that one is kept and answered (a video re-added to the library
 * does not make a second PREROLL).
 */
export async function addAccountMedia(tx: Queryable, ids: Ids, m: NewAccountMedia) {
  const existing = await repo.accountMediaFor(tx, m.accountId, m.mediaKey, m.creativeType);
  if (existing) return accountMediaView(existing);
  const row: AccountMediaRow = {
    id: newId36(ids),
    account_id: m.accountId,
    creative_type: m.creativeType,
    media_key: m.mediaKey,
    video_id: m.video ? m.mediaKey : null,
    media_url: m.video ? null : m.mediaUrl,
    created_at: m.at,
    updated_at: m.at,
    deleted: 0,
  };
  await repo.insertAccountMedia(tx, row);
  return accountMediaView(row);
}
