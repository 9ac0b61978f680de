// Video conversation cards (seed 001 "Creatives"; DOCS x-ads-api/creatives/reference.mdx): create with
// the rules of video-conversation-cards.rules.ts, list, get and a hard delete. Cards are not entities
// of the account history (kit/history.ts lists those), so nothing is recorded there.
import type { Deps } from '../../../deps.js';
import type { CardFinder } from '../cards/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, notFound, type AdsError } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { libraryMediaByKeys } from '../media-library/index.js';
import * as repo from './video-conversation-cards.repo.js';
import type { VideoConversationCardRow } from './video-conversation-cards.repo.js';
import { ctaErrors, MEDIA_PARAMS, mediaError, type MediaRole } from './video-conversation-cards.rules.js';
import { deletedVideoConversationCardView, videoConversationCardView } from './video-conversation-cards.view.js';

export type NewVideoConversationCard = {
  name: string;
  first_cta: string;
  first_cta_tweet: string;
  media_key: string;
  thank_you_text: string;
  title?: string;
  second_cta?: string;
  second_cta_tweet?: string;
  third_cta?: string;
  third_cta_tweet?: string;
  fourth_cta?: string;
  fourth_cta_tweet?: string;
  poster_media_key?: string;
  thank_you_url?: string;
  unlocked_image_media_key?: string;
  unlocked_video_media_key?: string;
};

export async function listVideoConversationCards(
  deps: Deps,
  account: AdsAccount,
  p: { card_ids?: string[]; q?: string },
  q: ListQuery,
) {
  const f = { accountId: account.id, ids: p.card_ids, q: p.q };
  const { rows, total } = await repo.listVideoConversationCards(deps.db, f, q);
  const sortValue = (r: VideoConversationCardRow) =>
    q.sort.attr === 'deleted' ? 0 : (r[q.sort.attr as 'created_at' | 'updated_at' | 'name'] as string | number);
  return pageOf(rows, q, sortValue, videoConversationCardView, total);
}

/** Deletes are hard (DOCS), so a deleted card is not found, `with_deleted` or not. */
export async function getVideoConversationCard(deps: Deps, account: AdsAccount, id: string) {
  const row = await repo.videoConversationCardById(deps.db, account.id, id);
  if (!row) throw notFound('Card', id, account.id, 'card_id');
  return videoConversationCardView(row);
}

/**
 * How `cards/all` finds video conversation cards (notes §9.4; cards/cards.finder.ts). Deletes are
 * hard, so there is nothing more to find with `with_deleted`.
 */
export const videoConversationCardFinder: CardFinder = {
  async byUris(db, accountId, uris) {
    const rows = await Promise.all(uris.map((uri) => repo.videoConversationCardByUri(db, accountId, uri)));
    return rows.filter((r) => r !== undefined).map(videoConversationCardView);
  },
  async byId(db, accountId, id) {
    const row = await repo.videoConversationCardById(db, accountId, id);
    return row ? videoConversationCardView(row) : null;
  },
};

const mediaId = (key: string) => key.slice(key.indexOf('_') + 1);

/**
 * Every rule broken is reported at once: the CTA rules and each media key (all looked up in one read
 * of the account's media library).
 */
export async function createVideoConversationCard(deps: Deps, account: AdsAccount, p: NewVideoConversationCard) {
  const roles = (Object.keys(MEDIA_PARAMS) as MediaRole[]).flatMap((role) => {
    const key = p[MEDIA_PARAMS[role] as keyof NewVideoConversationCard];
    return key === undefined ? [] : [{ role, key }];
  });
  const found = await libraryMediaByKeys(deps.db, account.id, [...new Set(roles.map((x) => x.key))]);
  const byKey = new Map(found.map((m) => [m.media_key, m]));
  const errors: AdsError[] = [...ctaErrors(p)];
  for (const { role, key } of roles) {
    const e = mediaError(role, key, byKey.get(key), account.id);
    if (e) errors.push(e);
  }
  if (errors.length) throw adsErrors(errors);
  const video = byKey.get(p.media_key)!;
  const poster = p.poster_media_key === undefined ? undefined : byKey.get(p.poster_media_key);
  const now = deps.clock.now();
  // The card's id is base-36 (`5a86h`) and its uri numeric (`card://958397665015775232`), DOCS:
  // both from one snowflake.
  const n = deps.ids.next();
  const row: VideoConversationCardRow = {
    id: BigInt(n).toString(36),
    account_id: account.id,
    card_uri: `card://${n}`,
    name: p.name,
    title: p.title ?? null,
    first_cta: p.first_cta,
    first_cta_tweet: p.first_cta_tweet,
    second_cta: p.second_cta ?? null,
    second_cta_tweet: p.second_cta_tweet ?? null,
    third_cta: p.third_cta ?? null,
    third_cta_tweet: p.third_cta_tweet ?? null,
    fourth_cta: p.fourth_cta ?? null,
    fourth_cta_tweet: p.fourth_cta_tweet ?? null,
    thank_you_text: p.thank_you_text,
    thank_you_url: p.thank_you_url ?? null,
    media_key: p.media_key,
    // The docs' media_url is the video's vmap; the poster is the one given, else the video's own.
    media_url: `https://video.twimg.com/amplify_video/vmap/${mediaId(p.media_key)}.vmap`,
    poster_media_key: p.poster_media_key ?? null,
    poster_media_url: poster ? poster.media_url : video.poster_media_url,
    // Whose video it is: the library is the account's, uploaded by its user (the docs' example shows
    // the advertiser's user id).
    video_owner_id: account.owner_user_id,
    // The video is 16:9 by rule; the docs show the ratio's parts as strings.
    video_width: '16',
    video_height: '9',
    unlocked_image_media_key: p.unlocked_image_media_key ?? null,
    unlocked_video_media_key: p.unlocked_video_media_key ?? null,
    created_at: now,
    updated_at: now,
  };
  await deps.db.tx((tx) => repo.insertVideoConversationCard(tx, row));
  return videoConversationCardView(row);
}

/** A hard delete (DOCS: "it is not possible to retrieve deleted cards"); a repeated delete is 404. */
export async function deleteVideoConversationCard(deps: Deps, account: AdsAccount, id: string) {
  return deps.db.tx(async (tx) => {
    const row = await repo.videoConversationCardById(tx, account.id, id);
    if (!row) throw notFound('Card', id, account.id, 'card_id');
    await repo.deleteVideoConversationCard(tx, id);
    return deletedVideoConversationCardView(row, deps.clock.now());
  });
}
