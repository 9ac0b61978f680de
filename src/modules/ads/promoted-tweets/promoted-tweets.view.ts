// Promoted posts on the wire (notes §8.5: the docs' promoted_tweet object).
import { adsTime } from '../kit/time.js';
import type { PromotedTweetRow } from './promoted-tweets.repo.js';

export function promotedTweetView(r: PromotedTweetRow) {
  return {
    line_item_id: r.line_item_id,
    id: r.id,
    entity_status: r.entity_status,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(r.updated_at),
    approval_status: r.approval_status,
    tweet_id: r.tweet_id,
    deleted: Boolean(r.deleted),
  };
}
