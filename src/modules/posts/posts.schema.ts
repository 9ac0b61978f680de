// Request shapes of the post write endpoints (SPEC TweetCreateRequest, notes §8.1), as http/input.ts
// specs; the types services take are inferred from them.
import { arr, bool, id, int, obj, oneOf, required, str, type Infer } from '../../http/input.js';

export const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'] as const;

export const CREATE_POST = {
  text: str(),
  reply: obj({
    in_reply_to_tweet_id: required(id()),
    exclude_reply_user_ids: arr(id()),
    auto_populate_reply_metadata: bool(),
  }),
  quote_tweet_id: id(),
  media: obj({
    media_ids: required(arr(id(), { min: 1, max: 4 })),
    tagged_user_ids: arr(id(), { max: 10 }),
    preview_media_id: id(),
    title: str(),
    description: str(),
    embeddable: bool(),
    call_to_actions: obj({}, { open: true }),
  }),
  poll: obj({
    options: required(arr(str({ min: 1, max: 25 }), { min: 2, max: 4 })),
    duration_minutes: required(int({ min: 5, max: 10080 })),
    reply_settings: oneOf(REPLY_SETTINGS),
  }),
  reply_settings: oneOf(REPLY_SETTINGS),
  community_id: id(),
  share_with_followers: bool(),
  paid_partnership: bool(),
  made_with_ai: bool(),
  for_super_followers_only: bool(),
  nullcast: bool(),
  geo: obj({ place_id: str() }),
  card_uri: str(),
  direct_message_deep_link: str(),
  edit_options: obj({ previous_post_id: required(id()) }),
};

export type CreatePostBody = Infer<typeof CREATE_POST>;

/** Bodies of the relation writes that name one post (likes, reposts, bookmarks). */
export const TWEET_ID_BODY = { tweet_id: required(id()) };
