// The rules of a video conversation card (seed 001 "Creatives", POST `.../cards/video_conversation`;
// DOCS x-ads-api/creatives/reference.mdx "Video Conversation Cards"), as plain functions that list
// every rule broken. The parameter specs (routes) hold the required ones and thank_you_text/title ≤ 23;
// these are the rest:
//   - each CTA at most 20 characters "not counting the #";
//   - `title` is required without `second_cta` (and `second_cta` without `title`);
//   - each of second_cta, third_cta, fourth_cta needs its `_tweet` text;
//   - `media_key` a 16:9 video of the account's media library; `poster_media_key` and
//     `unlocked_image_media_key` images of it, `unlocked_video_media_key` a video of it.
// The real messages are "not found" (notes §14); the wording is Aviary's, the codes are the table's.
import type { AdsError } from '../kit/errors.js';

export const MAX_CTA = 20;
export const MAX_SHORT_TEXT = 23;
const RATIO_SLACK = 0.01;

export const CTAS = ['first_cta', 'second_cta', 'third_cta', 'fourth_cta'] as const;
type Cta = (typeof CTAS)[number];
export type CtaParams = Partial<Record<Cta | `${Cta}_tweet` | 'title', string>>;

/** What a card reads of a media library object (media-library's LibraryMedia has these and more). */
export type CardMedia = {
  media_key: string;
  media_type: string;
  media_url: string | null;
  width: number | null;
  height: number | null;
  aspect_ratio: string | null;
  poster_media_url: string | null;
};

/** A CTA's length without its leading `#`: "Maximum length: 20 characters (not counting the #)". */
export const ctaLength = (cta: string) => [...cta.replace(/^#/, '')].length;

export function ctaErrors(p: CtaParams): AdsError[] {
  const errors: AdsError[] = [];
  for (const name of CTAS) {
    const cta = p[name];
    if (cta === undefined) continue;
    const n = ctaLength(cta);
    if (n === 0 || n > MAX_CTA)
      errors.push({
        code: 'INVALID_PARAMETER',
        message: `A length of 1 to ${MAX_CTA} (not counting the #) is allowed for ${name}, got ${JSON.stringify(cta)}`,
        parameter: name,
      });
  }
  if (p.title === undefined && p.second_cta === undefined)
    errors.push({
      code: 'MISSING_PARAMETER',
      message: '"title" is a required parameter when "second_cta" is not set',
      parameter: 'title',
    });
  for (const name of CTAS.slice(1)) {
    if (p[name] !== undefined && p[`${name}_tweet`] === undefined)
      errors.push({
        code: 'MISSING_PARAMETER',
        message: `"${name}_tweet" is a required parameter when "${name}" is set`,
        parameter: `${name}_tweet`,
      });
  }
  return errors;
}

/** 16:9 by the library's aspect ratio, else by width and height. */
export function is16by9(m: Pick<CardMedia, 'aspect_ratio' | 'width' | 'height'>): boolean {
  if (m.aspect_ratio) return m.aspect_ratio === '16:9';
  return Boolean(m.width && m.height && Math.abs(m.width / m.height - 16 / 9) < RATIO_SLACK);
}

export type MediaRole = 'video' | 'poster' | 'unlocked_image' | 'unlocked_video';
export const MEDIA_PARAMS: Record<MediaRole, string> = {
  video: 'media_key',
  poster: 'poster_media_key',
  unlocked_image: 'unlocked_image_media_key',
  unlocked_video: 'unlocked_video_media_key',
};

/** What is wrong with `media` (looked up for `key`) in its role on the card, if anything. */
export function mediaError(
  role: MediaRole,
  key: string,
  media: CardMedia | undefined,
  accountId: string,
): AdsError | null {
  const parameter = MEDIA_PARAMS[role];
  if (!media)
    return {
      code: 'MEDIA_NOT_FOUND',
      message: `Media ${key} was not found in the media library of Account ${accountId}`,
      parameter,
    };
  const wanted = role === 'video' || role === 'unlocked_video' ? 'VIDEO' : 'IMAGE';
  if (media.media_type !== wanted)
    return {
      code: 'INVALID_MEDIA',
      message: `Expected ${wanted === 'VIDEO' ? 'a video' : 'an image'}, got ${media.media_type} for ${parameter}`,
      parameter,
    };
  if (role === 'video' && !is16by9(media))
    return {
      code: 'INVALID_MEDIA',
      message: `A video with an aspect ratio of 16:9 is required for media_key, got ${
        media.aspect_ratio ?? `${media.width ?? '?'}x${media.height ?? '?'}`
      }`,
      parameter,
    };
  return null;
}
