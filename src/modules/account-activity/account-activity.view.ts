// The legacy (v1.1-style) event bodies Account Activity API webhooks receive (notes §7; DOCS
// x-api/account-activity/introduction.mdx): top-level `for_user_id` plus one array key. Tweets and
// users are rendered from the v2 objects the fan-out already built. v1.1 carries numeric `id`s that
// exceed 2^53, so they are written as raw digits in the JSON text (`legacyJson`).
// Wire objects already rendered by the posts and users views (v2 shapes), read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

export type LegacyEvent =
  | { type: 'tweet_create'; post: Obj; users: Obj[]; mention?: boolean }
  | { type: 'tweet_delete'; id: string; user_id: string; at: number }
  | { type: 'favorite'; id: string; at: number; post: Obj; author: Obj | undefined; user: Obj }
  | { type: 'follow' | 'unfollow' | 'block' | 'unblock' | 'mute' | 'unmute'; at: number; source: Obj; target: Obj }
  | { type: 'direct_message'; event: Obj; users: Obj[] }
  | { type: 'typing'; at: number; sender_id: string; recipient_id: string; users: Obj[] }
  | { type: 'read'; at: number; sender_id: string; recipient_id: string; last_read_event_id: string; users: Obj[] };

const INT = (id: string) => `__int:${id}`;
/** JSON text with v1.1 numeric ids as exact digits. */
export const legacyJson = (v: unknown) => JSON.stringify(v).replace(/"__int:(\d+)"/g, '$1');

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** "Mon May 19 14:01:46 +0000 2025". */
export function v1Date(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000 ${d.getUTCFullYear()}`;
}

export function legacyUser(u: Obj | undefined): Obj | null {
  if (!u) return null;
  const m = u.public_metrics ?? {};
  return {
    id: INT(u.id),
    id_str: u.id,
    name: u.name,
    screen_name: u.username,
    location: u.location ?? null,
    url: u.url || null,
    description: u.description ?? '',
    protected: Boolean(u.protected),
    verified: Boolean(u.verified),
    followers_count: m.followers_count ?? 0,
    friends_count: m.following_count ?? 0,
    listed_count: m.listed_count ?? 0,
    favourites_count: m.like_count ?? 0,
    statuses_count: m.tweet_count ?? 0,
    created_at: u.created_at ? v1Date(Date.parse(u.created_at)) : null,
    profile_image_url_https: u.profile_image_url ?? null,
  };
}

function legacyEntities(e: Obj | undefined, users: Obj[]) {
  const byName = new Map(users.map((u) => [String(u.username).toLowerCase(), u]));
  return {
    hashtags: (e?.hashtags ?? []).map((h: Obj) => ({ text: h.tag, indices: [h.start, h.end] })),
    urls: (e?.urls ?? []).map((u: Obj) => ({
      url: u.url,
      expanded_url: u.expanded_url,
      display_url: u.display_url,
      indices: [u.start, u.end],
    })),
    user_mentions: (e?.mentions ?? []).map((m: Obj) => {
      const u = byName.get(String(m.username).toLowerCase());
      return {
        screen_name: m.username,
        name: u?.name ?? m.username,
        id: u ? INT(u.id) : null,
        id_str: u?.id ?? m.id ?? null,
        indices: [m.start, m.end],
      };
    }),
    symbols: (e?.cashtags ?? []).map((c: Obj) => ({ text: c.tag, indices: [c.start, c.end] })),
  };
}

export function legacyTweet(p: Obj, users: Obj[], mention = false): Obj {
  const author = users.find((u) => u.id === p.author_id);
  const refs: Obj[] = p.referenced_tweets ?? [];
  const reply = refs.find((r) => r.type === 'replied_to');
  const quote = refs.find((r) => r.type === 'quoted');
  const created = Date.parse(p.created_at);
  const text: string = p.text;
  const chars = [...text];
  const long = chars.length > 140;
  const entities = legacyEntities(p.entities, users);
  const m = p.public_metrics ?? {};
  return {
    created_at: v1Date(created),
    id: INT(p.id),
    id_str: p.id,
    text: long ? chars.slice(0, 139).join('') + '…' : text,
    source: p.source ? `<a href="https://x.com" rel="nofollow">${p.source}</a>` : null,
    truncated: long,
    in_reply_to_status_id: reply ? INT(reply.id) : null,
    in_reply_to_status_id_str: reply?.id ?? null,
    in_reply_to_user_id: p.in_reply_to_user_id ? INT(p.in_reply_to_user_id) : null,
    in_reply_to_user_id_str: p.in_reply_to_user_id ?? null,
    in_reply_to_screen_name: users.find((u) => u.id === p.in_reply_to_user_id)?.username ?? null,
    user: legacyUser(author),
    is_quote_status: Boolean(quote),
    ...(quote ? { quoted_status_id: INT(quote.id), quoted_status_id_str: quote.id } : {}),
    quote_count: m.quote_count ?? 0,
    reply_count: m.reply_count ?? 0,
    retweet_count: m.retweet_count ?? 0,
    favorite_count: m.like_count ?? 0,
    entities,
    ...(long ? { extended_tweet: { full_text: text, display_text_range: [0, chars.length], entities } } : {}),
    favorited: false,
    retweeted: false,
    filter_level: 'low',
    lang: p.lang ?? 'und',
    timestamp_ms: String(created),
    ...(mention ? { user_has_blocked: 'false' } : {}),
  };
}

const usersMap = (users: Obj[]) => Object.fromEntries(users.map((u) => [u.id, legacyUser(u)]));

/** The body one subscribed user's webhook receives for an event. */
export function legacyBody(ev: LegacyEvent, forUserId: string): Obj {
  const base = { for_user_id: forUserId };
  switch (ev.type) {
    case 'tweet_create':
      return {
        ...base,
        ...(ev.mention ? { user_has_blocked: false } : {}),
        tweet_create_events: [legacyTweet(ev.post, ev.users, ev.mention)],
      };
    case 'tweet_delete':
      return {
        ...base,
        tweet_delete_events: [{ status: { id: ev.id, user_id: ev.user_id }, timestamp_ms: String(ev.at) }],
      };
    case 'favorite':
      return {
        ...base,
        favorite_events: [
          {
            id: ev.id,
            created_at: v1Date(ev.at),
            timestamp_ms: ev.at,
            favorited_status: legacyTweet(ev.post, ev.author ? [ev.author] : []),
            user: legacyUser(ev.user),
          },
        ],
      };
    case 'follow':
    case 'unfollow':
    case 'block':
    case 'unblock':
    case 'mute':
    case 'unmute': {
      const key =
        ev.type.startsWith('follow') || ev.type === 'unfollow'
          ? 'follow_events'
          : ev.type.endsWith('block')
            ? 'block_events'
            : 'mute_events';
      return {
        ...base,
        [key]: [
          {
            type: ev.type,
            created_timestamp: String(ev.at),
            source: legacyUser(ev.source),
            target: legacyUser(ev.target),
          },
        ],
      };
    }
    case 'direct_message':
      return { ...base, direct_message_events: [ev.event], apps: {}, users: usersMap(ev.users) };
    case 'typing':
      return {
        ...base,
        direct_message_indicate_typing_events: [
          { created_timestamp: String(ev.at), sender_id: ev.sender_id, target: { recipient_id: ev.recipient_id } },
        ],
        users: usersMap(ev.users),
      };
    case 'read':
      return {
        ...base,
        direct_message_mark_read_events: [
          {
            created_timestamp: String(ev.at),
            sender_id: ev.sender_id,
            target: { recipient_id: ev.recipient_id },
            last_read_event_id: ev.last_read_event_id,
          },
        ],
        users: usersMap(ev.users),
      };
  }
}
