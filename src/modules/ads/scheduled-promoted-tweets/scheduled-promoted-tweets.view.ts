// Scheduled promoted posts on the wire (notes §8.5: the docs' object, in its key order).
import { adsTime } from '../kit/time.js';
import type { ScheduledPromotedTweetRow } from './scheduled-promoted-tweets.repo.js';

export function scheduledPromotedTweetView(r: ScheduledPromotedTweetRow) {
  return {
    line_item_id: r.line_item_id,
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    scheduled_tweet_id: r.scheduled_tweet_id,
    tweet_id: r.tweet_id,
    deleted: Boolean(r.deleted),
  };
}
