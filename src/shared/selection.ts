// What a request asked to see: the `*.fields` lists and `expansions`, as plain data. The HTTP layer
// parses it (http/v2-query.ts); services render with it. Absent parameters are empty lists.
export type Selection = {
  tweet: readonly string[];
  user: readonly string[];
  media: readonly string[];
  poll: readonly string[];
  place: readonly string[];
  list: readonly string[];
  dm_event: readonly string[];
  expansions: readonly string[];
};

export const EMPTY_SELECTION: Selection = {
  tweet: [],
  user: [],
  media: [],
  poll: [],
  place: [],
  list: [],
  dm_event: [],
  expansions: [],
};

/** Who is looking: the user of a user-context token, or nobody (app-only). */
export type Viewer = {
  userId: string | null;
  appId: string;
  /** An OAuth 2.0 user token with the `users.email` scope: the viewer's own `confirmed_email` is shown. */
  readsEmail?: boolean;
};

/** The user and app behind a user-context write; tier and permission drive the product rules. */
export type Actor = {
  userId: string;
  app: {
    id: string;
    name: string;
    tier: 'free' | 'basic' | 'pro' | 'pay-per-use' | 'enterprise';
    client_id: string;
    permission: string;
  };
};

/**
 * The field of the primary object that links it to each expansion. The real service adds it to the
 * primary object whenever the expansion is asked for, even if the `*.fields` list lacks it (DOCS
 * x-api/fundamentals/expansions: "the expansion's ID field is returned"; found by twitter-api-v2's
 * own tests: `GET /2/tweets?ids=20&expansions=author_id` carries `author_id`).
 */
export const LINK_FIELDS = {
  tweet: {
    author_id: 'author_id',
    in_reply_to_user_id: 'in_reply_to_user_id',
    'referenced_tweets.id': 'referenced_tweets',
    'referenced_tweets.id.author_id': 'referenced_tweets',
    'referenced_tweets.id.attachments.media_keys': 'referenced_tweets',
    'attachments.media_keys': 'attachments',
    'attachments.poll_ids': 'attachments',
    'geo.place_id': 'geo',
    'entities.mentions.username': 'entities',
  },
  /** Included posts reached through `referenced_tweets.id.*` carry their own link to the next hop. */
  referencedTweet: {
    'referenced_tweets.id.author_id': 'author_id',
    'referenced_tweets.id.attachments.media_keys': 'attachments',
  },
  user: {
    pinned_tweet_id: 'pinned_tweet_id',
    most_recent_tweet_id: 'most_recent_tweet_id',
    'affiliation.user_id': 'affiliation',
  },
  list: { owner_id: 'owner_id' },
  dm_event: {
    sender_id: 'sender_id',
    participant_ids: 'participant_ids',
    'referenced_tweets.id': 'referenced_tweets',
    'attachments.media_keys': 'attachments',
  },
} as const satisfies Record<string, Record<string, string>>;

/** `fields` plus the link fields of the asked-for expansions (the same list when none is missing). */
export function withLinks(
  fields: readonly string[],
  expansions: readonly string[],
  links: Readonly<Record<string, string>>,
): readonly string[] {
  let out: string[] | null = null;
  for (const e of expansions) {
    const f = links[e];
    if (f && !fields.includes(f) && !out?.includes(f)) (out ??= [...fields]).push(f);
  }
  return out ?? fields;
}
