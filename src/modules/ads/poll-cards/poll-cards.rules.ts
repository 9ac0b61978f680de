// The rules of a poll card, as plain throwing functions (notes §9.5; DOCS x-ads-api/creatives/reference.mdx
// "POST accounts/:account_id/cards/poll"; seed 001 "Creatives"). The parameter specs (routes) already
// hold the required ones, duration_in_minutes 5–10,080 and choices of at most 25 characters; these are
// the rules between parameters and about the media:
//   - "third_choice: The first and second choices must be set"; "fourth_choice: The first, second,
//     and third choices must be set";
//   - media polls ("Media Forward Polls") need the PROMOTED_MEDIA_POLLS account feature;
//   - `media_key` is an image or a video of the account's media library; an image at least 800px wide
//     with a width:height of 1.91:1.
// The real messages are "not found" (notes §14); the wording is Aviary's, the codes are the table's.
import { adsError } from '../kit/errors.js';

export const MIN_DURATION = 5;
export const MAX_DURATION = 10_080;
export const MAX_CHOICE = 25;
export const MEDIA_POLLS_FEATURE = 'PROMOTED_MEDIA_POLLS';
export const MIN_IMAGE_WIDTH = 800;
export const IMAGE_RATIO = 1.91;
/** How far width/height may be from 1.91 (integer pixel sizes: 800×419 is 1.909). */
const RATIO_SLACK = 0.01;

export type PollCardType = 'TEXT_POLLS' | 'IMAGE_POLLS' | 'VIDEO_POLLS';

/** What a poll reads of a media library object (media-library's LibraryMedia has these and more). */
export type PollMedia = {
  media_key: string;
  media_type: string;
  media_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  aspect_ratio: string | null;
  poster_media_url: string | null;
};

/** The wire's media fields of a poll: every number a string (notes §9.5). */
export type PollMediaFields = Record<string, string | null>;

type Choices = { first_choice?: string; second_choice?: string; third_choice?: string; fourth_choice?: string };

const ORDER = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'] as const;

/** A third choice needs the first two, a fourth the first three. */
export function checkChoices(p: Choices): void {
  for (const [i, name] of ORDER.entries()) {
    if (i < 2 || p[name] === undefined) continue;
    const before = ORDER.slice(0, i);
    if (before.every((b) => p[b] !== undefined)) continue;
    const listed = `${before.slice(0, -1).join(', ')} and ${before.at(-1)}`;
    throw adsError('INCLUSIVE_PARAMETERS', `${name} can only be set with ${listed}`, name);
  }
}

/** `end_time` is `duration_in_minutes` after creation: the poll starts when the card is made (DOCS). */
export function pollWindow(now: number, minutes: number): { start_time: number; end_time: number } {
  return { start_time: now, end_time: now + minutes * 60_000 };
}

/** `16:9` → ["16", "9"]; without an aspect ratio, width:height in lowest terms. */
export function ratioParts(m: Pick<PollMedia, 'aspect_ratio' | 'width' | 'height'>): [string, string] | null {
  const match = /^(\d+):(\d+)$/.exec(m.aspect_ratio ?? '');
  if (match) return [match[1]!, match[2]!];
  if (!m.width || !m.height) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(m.width, m.height);
  return [String(m.width / g), String(m.height / g)];
}

/** A media library video's id: the media key without its numeric prefix (notes §4, "Media keys"). */
const mediaId = (key: string) => key.slice(key.indexOf('_') + 1);

/**
 * The card type and the wire's media fields of a poll with `key` (or none), or the first rule broken.
 * The feature is checked first: without it no media key is looked at.
 */
export function resolvePollMedia(
  key: string | undefined,
  media: PollMedia | undefined,
  o: { accountId: string; mediaPolls: boolean },
): { card_type: PollCardType; fields: PollMediaFields } {
  if (key === undefined) return { card_type: 'TEXT_POLLS', fields: {} };
  if (!o.mediaPolls)
    throw adsError(
      'FEATURE_NOT_AVAILABLE',
      `Polls with media need the ${MEDIA_POLLS_FEATURE} feature on Account ${o.accountId}`,
      'media_key',
    );
  if (!media)
    throw adsError(
      'MEDIA_NOT_FOUND',
      `Media ${key} was not found in the media library of Account ${o.accountId}`,
      'media_key',
    );
  if (media.media_type === 'IMAGE') return { card_type: 'IMAGE_POLLS', fields: imageFields(media) };
  if (media.media_type === 'VIDEO') return { card_type: 'VIDEO_POLLS', fields: videoFields(media) };
  throw adsError(
    'INVALID_MEDIA',
    `A poll takes an image or a video, got ${media.media_type} for media_key`,
    'media_key',
  );
}

/**
 * An image at least 800px wide, 1.91:1 (DOCS). Its fields are not shown for polls; they follow the
 * image conversation card of the same docs page (`media_url`, `image_display_width`/`_height` strings).
 */
function imageFields(m: PollMedia): PollMediaFields {
  const { width, height } = m;
  if (!width || !height || width < MIN_IMAGE_WIDTH || Math.abs(width / height - IMAGE_RATIO) > RATIO_SLACK)
    throw adsError(
      'INVALID_IMAGE',
      `An image at least ${MIN_IMAGE_WIDTH}px wide with an aspect ratio of ${IMAGE_RATIO}:1 is required for ` +
        `media_key, got ${width ?? '?'}x${height ?? '?'}`,
      'media_key',
    );
  return { media_url: m.media_url, image_display_width: String(width), image_display_height: String(height) };
}

/**
 * The docs' VIDEO_POLLS fields: `video_width`/`video_height` (and the poster's) are the aspect ratio
 * ("16", "9"), `video_url` the vmap, `video_hls_url` the video itself, `content_duration_seconds`.
 */
function videoFields(m: PollMedia): PollMediaFields {
  const [w, h] = ratioParts(m) ?? [null, null];
  return {
    video_url: `https://video.twimg.com/amplify_video/vmap/${mediaId(m.media_key)}.vmap`,
    video_hls_url: m.media_url,
    video_width: w,
    video_height: h,
    content_duration_seconds: m.duration_ms === null ? null : String(Math.round(m.duration_ms / 1000)),
    video_poster_url: m.poster_media_url,
    video_poster_width: w,
    video_poster_height: h,
  };
}
