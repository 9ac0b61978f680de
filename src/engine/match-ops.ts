// Evaluation of the operator clauses of a bound query against one prepared post.
import type { HasFeature, IdField, IsFlag, MetricField, QueryNode } from './ast.js';
import { matchPattern } from './pattern.js';
import { placeFields, profileFields, urlFields, type PreparedPost } from './prepare.js';
import type { MatchPost, MediaType } from './types.js';
import { distanceKm, normaliseEntity } from './values.js';

type Node<K extends QueryNode['kind']> = Extract<QueryNode, { kind: K }>;

const sameUser = (value: string, id: string | undefined, username: string | undefined): boolean =>
  value === id || (username !== undefined && value === username.toLowerCase());

const listHas = (list: string[] | undefined, value: string): boolean =>
  list !== undefined && list.some((x) => x.toLowerCase() === value);

/** `from:`/`to:` take a username or a numeric id (notes §4.3). */
export function matchUser(n: Node<'user'>, p: PreparedPost): boolean {
  const post = p.post;
  switch (n.field) {
    case 'from':
      return sameUser(n.value, post.author.id, post.author.username);
    case 'to':
      return sameUser(
        n.value,
        post.in_reply_to_user_id ?? p.repliedTo?.author_id,
        post.in_reply_to_username ?? p.repliedTo?.author_username,
      );
    case 'retweets_of':
      return p.retweeted !== undefined && sameUser(n.value, p.retweeted.author_id, p.retweeted.author_username);
    case 'from_affiliate_of':
      return listHas(post.author.affiliate_of, n.value);
    case 'to_affiliate_of':
      return listHas(post.in_reply_to_affiliate_of, n.value);
  }
}

export function matchId(field: IdField, value: string, p: PreparedPost): boolean {
  switch (field) {
    case 'conversation_id':
      return p.post.conversation_id === value;
    case 'in_reply_to_tweet_id':
      return p.repliedTo?.id === value;
    case 'retweets_of_tweet_id':
      return p.retweeted?.id === value;
    case 'quotes_of_tweet_id':
      return p.quoted?.id === value;
  }
}

export function matchContext(n: Node<'context'>, post: MatchPost): boolean {
  return (post.context_annotations ?? []).some(
    (a) => (n.domain === '*' || a.domain.id === n.domain) && (n.entity === '*' || a.entity.id === n.entity),
  );
}

/** `entity:"Michael Jordan"` — annotation texts and context-annotation entity names. */
export function matchEntity(value: string, post: MatchPost): boolean {
  if ((post.annotations ?? []).some((a) => normaliseEntity(a) === value)) return true;
  return (post.context_annotations ?? []).some(
    (a) => a.entity.name !== undefined && normaliseEntity(a.entity.name) === value,
  );
}

export function matchIs(flag: IsFlag, p: PreparedPost): boolean {
  switch (flag) {
    // Notes §4.3: native retweets only (a quote is not a retweet).
    case 'retweet':
      return p.retweeted !== undefined;
    case 'reply':
      return p.repliedTo !== undefined || p.post.in_reply_to_user_id !== undefined;
    case 'quote':
      return p.quoted !== undefined;
    case 'verified':
      return p.post.author.verified === true;
    case 'nullcast':
      return p.post.is_nullcast === true;
  }
}

const NO_MEDIA: readonly MediaType[] = [];

export function matchHas(feature: HasFeature, p: PreparedPost): boolean {
  const post = p.post;
  const media = post.media_types ?? NO_MEDIA;
  switch (feature) {
    case 'hashtags':
      return p.hashtags.size > 0;
    case 'cashtags':
      return p.cashtags.size > 0;
    case 'mentions':
      return p.mentions.size > 0;
    case 'links':
      return (post.entities?.urls?.length ?? 0) > 0;
    case 'media':
      return media.length > 0;
    case 'images':
      return media.includes('photo');
    case 'video_link':
      return media.includes('video');
    case 'geo':
      return p.retweeted === undefined && (post.coordinates !== undefined || post.place !== undefined);
  }
}

function metricValue(field: MetricField, post: MatchPost): number | undefined {
  const m = post.public_metrics;
  const u = post.author;
  switch (field) {
    case 'like_count':
      return m?.like_count;
    case 'reply_count':
      return m?.reply_count;
    case 'retweet_count':
      return m?.retweet_count;
    case 'followers_count':
      return u.followers_count;
    case 'following_count':
      return u.following_count;
    case 'tweet_count':
      return u.tweet_count;
    case 'listed_count':
      return u.listed_count;
  }
}

export function matchMetric(n: Node<'metric'>, post: MatchPost): boolean {
  const v = metricValue(n.field, post) ?? 0;
  return v >= n.min && v <= n.max;
}

export function matchUrl(n: Node<'url'>, p: PreparedPost): boolean {
  return matchPattern(n.pattern, urlFields(p, n.field));
}

export function matchUrlContains(value: string, post: MatchPost): boolean {
  return (post.entities?.urls ?? []).some((u) => (u.expanded_url ?? u.url).toLowerCase().includes(value));
}

export function matchProfile(n: Node<'profile'>, p: PreparedPost): boolean {
  return matchPattern(n.pattern, profileFields(p, n.field));
}

// ---- geo: notes §4.3 "Geo operators never match retweets" ----

export function matchPlace(n: Node<'place'>, p: PreparedPost): boolean {
  const place = p.post.place;
  if (!place || p.retweeted) return false;
  if (place.id.toLowerCase() === n.value) return true;
  return matchPattern(n.pattern, placeFields(p));
}

export function matchPlaceCountry(value: string, p: PreparedPost): boolean {
  return !p.retweeted && p.post.place?.country_code.toUpperCase() === value;
}

type Box = [number, number, number, number];
const corners = ([w, s, e, n]: Box): [number, number][] => [
  [w, s],
  [w, n],
  [e, s],
  [e, n],
];

/** The exact point when there is one; otherwise the place, when its box lies wholly inside. */
function geoMatch(p: PreparedPost, inside: (lon: number, lat: number) => boolean): boolean {
  if (p.retweeted) return false;
  const c = p.post.coordinates;
  if (c) return inside(c[0], c[1]);
  const bbox = p.post.place?.bbox;
  return bbox !== undefined && corners(bbox).every(([lon, lat]) => inside(lon, lat));
}

export function matchPointRadius(n: Node<'point_radius'>, p: PreparedPost): boolean {
  return geoMatch(p, (lon, lat) => distanceKm(n.lon, n.lat, lon, lat) <= n.radiusKm);
}

export function matchBoundingBox(n: Node<'bounding_box'>, p: PreparedPost): boolean {
  return geoMatch(p, (lon, lat) => lon >= n.west && lon <= n.east && lat >= n.south && lat <= n.north);
}

/** `sample:N` — a stable N% of posts, decided by the post id alone so every rule and every replay
 * agrees (notes §4.3: the sample applies to the whole rule). */
export function samplePercentile(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 100;
}
