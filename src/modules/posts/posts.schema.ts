// Request shapes of the post write endpoints (SPEC TweetCreateRequest, notes §8.1), in the small
// schema language of http/body-schema.ts.
import { ID_STRING, type Schema } from '../../http/body-schema.js';

export const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'] as const;

export const CREATE_POST: Schema & { t: 'object' } = {
  t: 'object',
  props: {
    text: { t: 'string' },
    reply: {
      t: 'object',
      required: ['in_reply_to_tweet_id'],
      props: {
        in_reply_to_tweet_id: ID_STRING,
        exclude_reply_user_ids: { t: 'array', items: ID_STRING },
        auto_populate_reply_metadata: { t: 'bool' },
      },
    },
    quote_tweet_id: ID_STRING,
    media: {
      t: 'object',
      required: ['media_ids'],
      props: {
        media_ids: { t: 'array', items: ID_STRING, min: 1, max: 4 },
        tagged_user_ids: { t: 'array', items: ID_STRING, max: 10 },
        preview_media_id: ID_STRING,
        title: { t: 'string' },
        description: { t: 'string' },
        embeddable: { t: 'bool' },
        call_to_actions: { t: 'object', open: true, props: {} },
      },
    },
    poll: {
      t: 'object',
      required: ['options', 'duration_minutes'],
      props: {
        options: { t: 'array', items: { t: 'string', min: 1, max: 25 }, min: 2, max: 4 },
        duration_minutes: { t: 'int', min: 5, max: 10080 },
        reply_settings: { t: 'string', enum: REPLY_SETTINGS },
      },
    },
    reply_settings: { t: 'string', enum: REPLY_SETTINGS },
    community_id: ID_STRING,
    share_with_followers: { t: 'bool' },
    paid_partnership: { t: 'bool' },
    made_with_ai: { t: 'bool' },
    for_super_followers_only: { t: 'bool' },
    nullcast: { t: 'bool' },
    geo: { t: 'object', props: { place_id: { t: 'string' } } },
    card_uri: { t: 'string' },
    direct_message_deep_link: { t: 'string' },
    edit_options: { t: 'object', required: ['previous_post_id'], props: { previous_post_id: ID_STRING } },
  },
};

export type CreatePostBody = {
  text?: string;
  reply?: { in_reply_to_tweet_id: string; exclude_reply_user_ids?: string[]; auto_populate_reply_metadata?: boolean };
  quote_tweet_id?: string;
  media?: { media_ids: string[]; tagged_user_ids?: string[] };
  poll?: { options: string[]; duration_minutes: number; reply_settings?: string };
  reply_settings?: string;
  community_id?: string;
  share_with_followers?: boolean;
  paid_partnership?: boolean;
  made_with_ai?: boolean;
  for_super_followers_only?: boolean;
  nullcast?: boolean;
  geo?: { place_id?: string };
  card_uri?: string;
  direct_message_deep_link?: string;
  edit_options?: { previous_post_id: string };
};

/** Bodies of the relation writes that name one post (likes, reposts, bookmarks). */
export const TWEET_ID_BODY: Schema & { t: 'object' } = {
  t: 'object',
  required: ['tweet_id'],
  props: { tweet_id: ID_STRING },
};
