// Scheduled posts on the wire (notes §9.1: the docs' scheduled_tweet object, in its key order).
import { adsTime, adsTimeOrNull } from '../kit/time.js';
import type { ScheduledTweetRow } from './scheduled-tweets.repo.js';

export function scheduledTweetView(r: ScheduledTweetRow) {
  return {
    name: r.name,
    completed_at: adsTimeOrNull(r.completed_at),
    text: r.text,
    user_id: r.user_id,
    scheduled_status: r.scheduled_status,
    id: r.id,
    nullcast: Boolean(r.nullcast),
    created_at: adsTime(r.created_at),
    scheduled_at: adsTime(r.scheduled_at),
    card_uri: r.card_uri,
    updated_at: adsTime(r.updated_at),
    tweet_id: r.tweet_id,
    media_keys: JSON.parse(r.media_keys) as string[],
  };
}
