// The checks every post made through the Ads API passes, whether published now (POST tweet),
// scheduled or kept as a draft (seed "Creatives"; notes §9.1–§9.3): the user posted as, the text,
// media, card and nullcast. Every fault is reported at once; nothing is stored when there is one.
import type { Deps } from '../../../deps.js';
import { weightedLength } from '../../posts/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, type AdsError } from '../kit/errors.js';
import { cardFinder } from '../cards/index.js';
import { libraryMediaByKeys } from '../media-library/index.js';
import { pollCardFinder } from '../poll-cards/index.js';
import { isPromotableUser } from '../promotable-users/index.js';
import { videoConversationCardFinder } from '../video-conversation-cards/index.js';
import {
  blankError,
  cardUriError,
  mediaMixError,
  nullcastError,
  TEXT_MAX,
  type MediaKind,
} from './ads-tweets.rules.js';

/** A post's content as stored for a draft or scheduled post, or given to POST tweet. */
export type Content = {
  userId: string;
  text: string;
  cardUri: string | null;
  mediaKeys: string[];
  nullcast: boolean;
};

/** The kind of each media key, by key: media must be in the account's media library (notes §9.1, §9.6). */
export async function mediaKinds(
  deps: Deps,
  accountId: string,
  keys: readonly string[],
): Promise<Map<string, MediaKind>> {
  const rows = keys.length ? await libraryMediaByKeys(deps.db, accountId, [...keys]) : [];
  return new Map(rows.map((m) => [m.media_key, m.media_type]));
}

/** Every kind of card a post may carry: v12 cards, poll cards and video conversation cards. */
const CARD_FINDERS = [cardFinder, pollCardFinder, videoConversationCardFinder];

/** The card must be well formed and one of the account's (not deleted). */
async function cardError(deps: Deps, accountId: string, uri: string): Promise<AdsError | null> {
  const form = cardUriError(uri);
  if (form) return form;
  for (const f of CARD_FINDERS) if ((await f.byUris(deps.db, accountId, [uri], false)).length) return null;
  return {
    code: 'CARD_NOT_FOUND',
    message: `Card ${uri} was not found for Account ${accountId}`,
    parameter: 'card_uri',
  };
}

/** Who may be posted as: a promotable user of the account (seed: "the advertiser must have granted access"). */
async function userError(deps: Deps, account: AdsAccount, callerId: string, userId: string): Promise<AdsError | null> {
  if (!(await isPromotableUser(deps.db, account.id, userId)))
    return {
      code: 'INVALID_USER_ID',
      message: `User ${userId} is not a promotable user of Account ${account.id}`,
      parameter: 'as_user_id',
    };
  // "creating promoted-only posts for the FULL promotable user additionally needs TWEET_COMPOSER" (notes §2).
  if (userId !== callerId && !account.permissions.includes('TWEET_COMPOSER'))
    return {
      code: 'ACTION_NOT_ALLOWED',
      message: `User ${callerId} needs the TWEET_COMPOSER permission to post as User ${userId}`,
      parameter: 'as_user_id',
    };
  return null;
}

/** Every fault of a post's content; the media kinds found when there is none. */
export async function contentErrors(
  deps: Deps,
  account: AdsAccount,
  callerId: string,
  c: Content,
): Promise<{ errors: AdsError[]; kinds: MediaKind[] }> {
  const errors: AdsError[] = [];
  const push = (e: AdsError | null) => void (e && errors.push(e));
  push(await userError(deps, account, callerId, c.userId));
  push(blankError(c.text, c.mediaKeys.length));
  if (weightedLength(c.text) > TEXT_MAX)
    push({
      code: 'INVALID_PARAMETER',
      message: `A maximum length of ${TEXT_MAX} is allowed for text`,
      parameter: 'text',
    });
  if (c.cardUri !== null) push(await cardError(deps, account.id, c.cardUri));
  push(nullcastError(c.nullcast, c.userId, callerId));
  const found = await mediaKinds(deps, account.id, c.mediaKeys);
  const missing = c.mediaKeys.filter((k) => !found.has(k));
  for (const k of missing)
    push({
      code: 'MEDIA_NOT_FOUND',
      message: `Media ${k} was not found in the media library of Account ${account.id}`,
      parameter: 'media_keys',
    });
  const kinds = c.mediaKeys.flatMap((k) => (found.has(k) ? [found.get(k)!] : []));
  if (!missing.length) push(mediaMixError(kinds));
  return { errors, kinds };
}

/** Throws every fault of a post's content at once; answers the media kinds. */
export async function checkContent(
  deps: Deps,
  account: AdsAccount,
  callerId: string,
  c: Content,
  extra: AdsError[] = [],
): Promise<MediaKind[]> {
  const { errors, kinds } = await contentErrors(deps, account, callerId, c);
  const all = [...errors, ...extra];
  if (all.length) throw adsErrors(all);
  return kinds;
}

/** What POST of a draft or scheduled post gives of its content (notes §9.1, §9.2). */
export type NewContent = {
  as_user_id: string;
  text?: string;
  card_uri?: string;
  media_keys?: string[];
  name?: string;
  nullcast: boolean;
};

/** A new draft's or scheduled post's content, checked, as the columns both store. */
export async function checkedColumns(deps: Deps, account: AdsAccount, callerId: string, p: NewContent) {
  const c: Content = {
    userId: p.as_user_id,
    text: p.text ?? '',
    cardUri: p.card_uri || null,
    mediaKeys: p.media_keys ?? [],
    nullcast: p.nullcast,
  };
  await checkContent(deps, account, callerId, c);
  return {
    user_id: c.userId,
    text: c.text,
    name: p.name ?? null,
    card_uri: c.cardUri,
    media_keys: JSON.stringify(c.mediaKeys),
    nullcast: c.nullcast ? 1 : 0,
  };
}
