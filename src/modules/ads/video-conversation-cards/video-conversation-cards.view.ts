// Video conversation cards on the wire (seed 001 "Video conversation card" fields; DOCS
// x-ads-api/creatives/reference.mdx "Video Conversation Cards" examples): numbers are strings
// (`"video_width": "16"`). The seed's fields are always there (`title` null when not set); the second
// to fourth CTAs with their `_tweet` texts and `thank_you_url` only when set, as the docs' example
// (which sets none) shows. The unlocked_* media keys and poster_media_key are write-only.
import { adsTime } from '../kit/time.js';
import type { VideoConversationCardRow } from './video-conversation-cards.repo.js';

export const VIDEO_CONVERSATION = 'VIDEO_CONVERSATION';

const LATER = [
  'second_cta',
  'second_cta_tweet',
  'third_cta',
  'third_cta_tweet',
  'fourth_cta',
  'fourth_cta_tweet',
  'thank_you_url',
] as const;

export function videoConversationCardView(r: VideoConversationCardRow) {
  const later: Partial<Record<(typeof LATER)[number], string>> = {};
  for (const k of LATER) if (r[k] !== null) later[k] = r[k];
  return {
    name: r.name,
    first_cta: r.first_cta,
    ...later,
    video_height: r.video_height,
    media_url: r.media_url,
    thank_you_text: r.thank_you_text,
    video_owner_id: r.video_owner_id,
    media_key: r.media_key,
    id: r.id,
    video_width: r.video_width,
    first_cta_tweet: r.first_cta_tweet,
    created_at: adsTime(r.created_at),
    card_uri: r.card_uri,
    title: r.title,
    updated_at: adsTime(r.updated_at),
    poster_media_url: r.poster_media_url,
    deleted: false,
    card_type: VIDEO_CONVERSATION,
  };
}

/**
 * What DELETE answers: the docs' example (a hard delete) shows name, id, created_at, updated_at,
 * `deleted: true` and card_type, updated_at being the time of the delete.
 */
export function deletedVideoConversationCardView(r: VideoConversationCardRow, at: number) {
  return {
    name: r.name,
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(at),
    deleted: true,
    card_type: VIDEO_CONVERSATION,
  };
}
