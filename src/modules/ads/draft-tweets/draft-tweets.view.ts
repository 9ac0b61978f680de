// Draft posts on the wire (notes §9.2: the docs' draft_tweet object, in its key order).
import { adsTime } from '../kit/time.js';
import type { DraftTweetRow } from './draft-tweets.repo.js';

export function draftTweetView(r: DraftTweetRow) {
  return {
    name: r.name,
    text: r.text,
    user_id: r.user_id,
    id: r.id,
    nullcast: Boolean(r.nullcast),
    created_at: adsTime(r.created_at),
    card_uri: r.card_uri,
    updated_at: adsTime(r.updated_at),
    media_keys: JSON.parse(r.media_keys) as string[],
  };
}
