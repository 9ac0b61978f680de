// Posts as the query engine sees them (src/engine/types.ts MatchPost): author profile, entities,
// referenced posts with their authors, media types, place, annotations and metrics, as plain data.
import type { Deps } from '../../deps.js';
import type { MatchPost, MatchReference, MediaType } from '../../engine/index.js';
import { placeById } from '../places/index.js';
import { cachedUsers, findUsersByIds, type UserRow } from '../users/index.js';
import type { ContextAnnotation } from './posts.annotations.js';
import { cachedPosts } from './posts.lookup.js';
import { postsRepo, type PostRow } from './posts.repo.js';
import type { Entities } from './posts.text.js';
import { jsonColumns, referencedTweets } from './posts.view.js';
import { flatten } from '../../shared/arrays.js';

const MEDIA_TYPES: Record<string, MediaType> = { '3': 'photo', '7': 'video', '16': 'animated_gif' };

function matchUser(u: UserRow | undefined, id: string): MatchPost['author'] {
  if (!u) return { id, username: '' };
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    description: u.description,
    location: u.location ?? undefined,
    verified: u.verified === 1,
    followers_count: u.followers_count,
    following_count: u.following_count,
    tweet_count: u.tweet_count,
    listed_count: u.listed_count,
  };
}

function toMatch(p: PostRow, users: Map<string, UserRow>, refs: Map<string, PostRow>): MatchPost {
  const columns = jsonColumns(p);
  const e = (columns.entities ?? {}) as Entities;
  const place = p.place_id ? placeById(p.place_id) : undefined;
  const references: MatchReference[] = (referencedTweets(p) ?? []).map((r) => {
    const author = refs.get(r.id)?.author_id;
    return {
      type: r.type,
      id: r.id,
      ...(author ? { author_id: author, author_username: users.get(author)?.username } : {}),
    };
  });
  const quoted = p.quote_of_id ? refs.get(p.quote_of_id) : undefined;
  return {
    id: p.id,
    text: p.text,
    lang: p.lang,
    author: matchUser(users.get(p.author_id), p.author_id),
    entities: {
      hashtags: e.hashtags?.map((h) => h.tag),
      mentions: e.mentions?.map((m) => m.username),
      cashtags: e.cashtags?.map((c) => c.tag),
      urls: e.urls?.map((u) => ({ url: u.url, expanded_url: u.expanded_url, display_url: u.display_url })),
    },
    referenced_tweets: references.length ? references : undefined,
    quoted_text: quoted?.text,
    in_reply_to_user_id: p.reply_to_user_id ?? undefined,
    in_reply_to_username: p.reply_to_user_id ? users.get(p.reply_to_user_id)?.username : undefined,
    conversation_id: p.conversation_id,
    media_types: columns.media?.map((k) => MEDIA_TYPES[k.split('_')[0]!] ?? 'photo'),
    place: place
      ? {
          id: place.id,
          full_name: place.full_name,
          name: place.name,
          country_code: place.country_code,
          bbox: place.bbox,
        }
      : undefined,
    coordinates: p.coordinates ? JSON.parse(p.coordinates) : undefined,
    context_annotations: columns.context as ContextAnnotation[] | undefined,
    annotations: e.annotations?.map((a) => a.normalized_text),
    public_metrics: {
      like_count: p.like_count,
      reply_count: p.reply_count,
      retweet_count: p.retweet_count,
      quote_count: p.quote_count,
    },
    is_nullcast: p.nullcast === 1,
    source: p.source,
  };
}

/**
 * Match shapes of many posts: their rows, the posts they reference, the users; ids that do not
 * exist are absent from the map.
 * `cached`: through the row caches (the posts, the posts they refer to, the users), for readers of new
 * posts: the streams' dispatcher, whose posts and authors the streams' renders read next (issue #23,
 * firehose 2,959 → 3,097 posts/s), and the search indexer, since a created post is remembered as
 * written (posts.cache.ts `rememberWritten`). A reply or quote under a write load refers to a recent
 * post, which the cache holds too.
 * `users: false`: authors and replied-to accounts as their ids alone, for a reader whose keys rest on
 * no user data (the search indexer: search.keys.ts drops usernames and verification).
 */
export async function toMatchPosts(
  deps: Deps,
  ids: string[],
  o: { cached?: boolean; users?: false } = {},
): Promise<Map<string, MatchPost>> {
  const unique = [...new Set(ids)];
  const posts = o.cached ? await cachedPosts(deps, unique) : await postsRepo.byIds(deps.db, unique);
  const refIds = [
    ...new Set(flatten(posts, (p) => [p.repost_of_id, p.quote_of_id, p.reply_to_id]).filter((x): x is string => !!x)),
  ];
  const refRows = o.cached ? await cachedPosts(deps, refIds) : await postsRepo.byIds(deps.db, refIds);
  const refs = new Map(refRows.map((r) => [r.id, r]));
  const userIds = new Set(
    o.users === false
      ? []
      : [
          ...posts.map((p) => p.author_id),
          ...posts.map((p) => p.reply_to_user_id ?? ''),
          ...[...refs.values()].map((r) => r.author_id),
        ],
  );
  userIds.delete('');
  // Through the row cache too when `cached`: the streams' renders read the same authors next, and find
  // them there (one users read a dispatcher step on PostgreSQL instead of two; issue #23).
  const found = o.cached ? await cachedUsers(deps, [...userIds]) : await findUsersByIds(deps, [...userIds]);
  const users = new Map(found.map((u) => [u.id, u]));
  return new Map(posts.map((p) => [p.id, toMatch(p, users, refs)]));
}

export async function toMatchPost(deps: Deps, postId: string): Promise<MatchPost | null> {
  return (await toMatchPosts(deps, [postId])).get(postId) ?? null;
}
