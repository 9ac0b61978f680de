// Account media on the wire (notes §9.6, the docs' account_media object): a video creative names its
// media key as `video_id` and has no `media_url`; an image creative has `media_url` and `video_id: null`.
import { adsTime } from '../kit/time.js';
import type { AccountMediaRow } from './account-media.repo.js';

export function accountMediaView(r: AccountMediaRow) {
  return {
    video_id: r.video_id,
    media_url: r.media_url,
    creative_type: r.creative_type,
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
  };
}
