// The rules every post made through the Ads API shares (POST tweet, scheduled and draft posts; seed
// "Creatives", notes §9.1–§9.3): pure checks that answer the error to report, or null.
import type { AdsError } from '../kit/errors.js';

/** `<prefix>_<media id>` (notes §4 "Media keys"). */
export const MEDIA_KEY = /^\d{1,3}_\d{1,19}$/;
/** `card://<id>`: numeric ids of cards made with POST cards, base-36 ids of legacy cards (notes §4). */
export const CARD_URI = /^card:\/\/[0-9a-z]{1,19}$/;
/** Text sizes of the seed's table: post names 80. Post text: 280 weighted characters, as on X. */
export const NAME_MAX = 80;
export const TEXT_MAX = 280;

export type MediaKind = 'IMAGE' | 'GIF' | 'VIDEO';

/** "media_keys (csv: up to 4 images, or 1 GIF, or 1 video)" (seed). */
export function mediaMixError(kinds: readonly MediaKind[]): AdsError | null {
  const images = kinds.filter((k) => k === 'IMAGE').length;
  if (images === kinds.length && images <= 4) return null;
  if (kinds.length === 1) return null;
  return {
    code: 'INVALID_MEDIA',
    message: 'media_keys takes up to 4 images, or 1 GIF, or 1 video',
    parameter: 'media_keys',
  };
}

export function cardUriError(uri: string): AdsError | null {
  return CARD_URI.test(uri)
    ? null
    : {
        code: 'INVALID_PARAMETER',
        message: `Invalid value ${JSON.stringify(uri)} for card_uri`,
        parameter: 'card_uri',
      };
}

/** Text is required unless media are given (seed); the code is the table's TWEET_CANNOT_BE_BLANK (§3.2). */
export function blankError(text: string, mediaCount: number): AdsError | null {
  return text.trim() || mediaCount > 0
    ? null
    : { code: 'TWEET_CANNOT_BE_BLANK', message: 'Tweet text cannot be blank without media_keys', parameter: 'text' };
}

/** `nullcast` "false only for the authenticated user" (seed): an organic post only as oneself. */
export function nullcastError(nullcast: boolean, asUserId: string, callerId: string): AdsError | null {
  return nullcast || asUserId === callerId
    ? null
    : {
        code: 'INVALID_PARAMETER',
        message: 'nullcast can be false only when as_user_id is the authenticated user',
        parameter: 'nullcast',
      };
}
