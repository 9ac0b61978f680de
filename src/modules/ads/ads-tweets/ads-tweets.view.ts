// Posts on the Ads API's wire: the v1.1-style object POST accounts/:id/tweet answers (notes §9.3:
// `created_at` like "Wed Nov 11 07:58:27 +0000 2020", `id` a number, `id_str`, `text`, `entities`
// {hashtags, symbols, user_mentions, urls}, `user` {id, id_str} with trim_user, `scopes`
// {followers: false}, `lang`), and the GET tweets object, which adds tweet_id, tweet_type, name,
// nullcast, scheduled_at, conversation_settings and full_text.
import type { Entities, PostRow } from '../../posts/index.js';
import type { UserRow } from '../../users/index.js';
import { rawInt } from '../kit/ids.js';
import { adsTimeOrNull } from '../kit/time.js';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "Wed Nov 11 07:58:27 +0000 2020". */
export function v1Date(ms: number): string {
  const d = new Date(ms);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${time} +0000 ${d.getUTCFullYear()}`;
}

function v1Entities(json: string | null) {
  const e: Entities = json ? JSON.parse(json) : {};
  return {
    hashtags: (e.hashtags ?? []).map((h) => ({ text: h.tag, indices: [h.start, h.end] })),
    symbols: (e.cashtags ?? []).map((c) => ({ text: c.tag, indices: [c.start, c.end] })),
    user_mentions: (e.mentions ?? []).map((m) => ({
      screen_name: m.username,
      ...(m.id ? { id: rawInt(m.id), id_str: m.id } : { id: null, id_str: null }),
      indices: [m.start, m.end],
    })),
    urls: (e.urls ?? []).map((u) => ({
      url: u.url,
      expanded_url: u.expanded_url,
      display_url: u.display_url,
      indices: [u.start, u.end],
    })),
  };
}

function v1User(u: UserRow, trim: boolean) {
  if (trim) return { id: rawInt(u.id), id_str: u.id };
  return {
    id: rawInt(u.id),
    id_str: u.id,
    name: u.name,
    screen_name: u.username,
    location: u.location,
    description: u.description,
    url: u.url,
    protected: Boolean(u.protected),
    followers_count: u.followers_count,
    friends_count: u.following_count,
    listed_count: u.listed_count,
    created_at: v1Date(u.created_at),
    favourites_count: u.like_count,
    verified: Boolean(u.verified),
    statuses_count: u.tweet_count,
    profile_image_url_https: u.profile_image_url,
  };
}

export type TweetViewOptions = { trimUser: boolean; extended: boolean };

/** The post as POST accounts/:id/tweet answers it (`tweet_mode=extended`: `full_text`, notes §9.3). */
export function adsTweetView(p: PostRow, author: UserRow, o: TweetViewOptions) {
  const chars = [...p.text];
  const long = !o.extended && chars.length > 140;
  const text = o.extended
    ? { full_text: p.text, display_text_range: [0, p.display_end] }
    : { text: long ? chars.slice(0, 139).join('') + '…' : p.text };
  return {
    created_at: v1Date(p.created_at),
    id: rawInt(p.id),
    id_str: p.id,
    ...text,
    truncated: long,
    entities: v1Entities(p.entities),
    source: `<a href="https://ads.x.com" rel="nofollow">${p.source}</a>`,
    in_reply_to_status_id: null,
    in_reply_to_status_id_str: null,
    in_reply_to_user_id: null,
    in_reply_to_user_id_str: null,
    in_reply_to_screen_name: null,
    user: v1User(author, o.trimUser),
    geo: null,
    coordinates: null,
    place: null,
    contributors: null,
    is_quote_status: false,
    retweet_count: p.retweet_count,
    favorite_count: p.like_count,
    favorited: false,
    retweeted: false,
    lang: p.lang,
    // A promoted-only post is not shown to the author's followers (notes §9.3 `scopes`).
    scopes: { followers: !p.nullcast },
  };
}

export type AdsExtras = { name: string | null; conversation_settings: string | null };

/** The GET tweets object of a published post. */
export function listedTweetView(p: PostRow, author: UserRow, extras: AdsExtras | undefined, trimUser: boolean) {
  return {
    ...adsTweetView(p, author, { trimUser, extended: false }),
    full_text: p.text,
    tweet_id: p.id,
    tweet_type: 'PUBLISHED',
    name: extras?.name ?? null,
    nullcast: Boolean(p.nullcast),
    scheduled_at: null,
    conversation_settings: extras?.conversation_settings ?? 'EVERYONE',
  };
}

/** What GET tweets shows of a draft or scheduled post (no post exists yet). */
export type UnpublishedTweet = {
  id: string;
  user_id: string;
  text: string;
  name: string | null;
  nullcast: number;
  created_at: number;
  scheduled_at?: number | null;
};

export function unpublishedTweetView(t: UnpublishedTweet, type: 'DRAFT' | 'SCHEDULED') {
  return {
    created_at: v1Date(t.created_at),
    id: rawInt(t.id),
    id_str: t.id,
    text: t.text,
    full_text: t.text,
    user: { id: rawInt(t.user_id), id_str: t.user_id },
    tweet_id: t.id,
    tweet_type: type,
    name: t.name,
    nullcast: Boolean(t.nullcast),
    scheduled_at: adsTimeOrNull(t.scheduled_at),
    conversation_settings: null,
  };
}
