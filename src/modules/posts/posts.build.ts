// Builds the stored row of a new post (or edit, or repost) from what the author sent: t.co links,
// entities with mention ids, annotations from the catalog, language, conversation and edit chain.
// Pure: every lookup it needs is passed in. Shared by the write path and the dataset seeder.
import { annotate, type ContextAnnotation } from './posts.annotations.js';
import { detectLang } from './posts.lang.js';
import type { PostRow } from './posts.repo.js';
import { seqOf } from './posts.repo.js';
import { cpLength, extractEntities, shortenLinks, shortLink, type Entities } from './posts.text.js';

export type PostInput = {
  id: string; authorId: string; authorUsername: string; text: string; createdAt: number; source: string; appId: string | null;
  replyTo?: PostRow; quoteOf?: PostRow;
  /** The reposted post and its author's username (the text becomes `RT @user: …`). */
  repostOf?: { post: PostRow; username: string };
  mediaKeys?: string[]; pollId?: string; placeId?: string; coordinates?: [number, number];
  replySettings?: string; paidPartnership?: boolean; communityId?: string; nullcast?: boolean; possiblySensitive?: boolean;
  /** The version this one replaces (edits keep the chain, its metrics and its references). */
  editOf?: PostRow;
  /** username (lower case) → user id, for mentions of accounts that exist. */
  resolve: (usernameLower: string) => string | undefined;
};

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

function entitiesOf(text: string, links: Map<string, string>, input: PostInput, mediaLink?: { url: string; expanded: string; key: string }): Entities | undefined {
  const e = extractEntities(text, links);
  for (const m of e.mentions ?? []) {
    const id = input.resolve(m.username.toLowerCase());
    if (id) m.id = id;
  }
  if (mediaLink && e.urls) {
    const u = e.urls.find((x) => x.url === mediaLink.url);
    if (u) {
      Object.assign(u, { expanded_url: mediaLink.expanded, display_url: `pic.x.com/${mediaLink.url.slice(13)}`, media_key: mediaLink.key });
      delete u.unwound_url;
      delete u.status;
    }
  }
  const { named } = annotate(text);
  if (named.length) e.annotations = named;
  return Object.keys(e).length ? e : undefined;
}

/** A new row; metrics start at zero (an edit keeps its predecessor's). */
export function buildPost(input: PostInput): PostRow {
  const prev = input.editOf;
  const repost = input.repostOf;
  const raw = repost ? `RT @${repost.username}: ${repost.post.text}` : input.text;
  const { text: shortened, links } = repost ? { text: raw, links: new Map<string, string>() } : shortenLinks(raw, `${input.authorId}`);
  const displayEnd = cpLength(shortened);
  let text = shortened;
  let mediaLink: { url: string; expanded: string; key: string } | undefined;
  const firstMedia = input.mediaKeys?.[0];
  if (firstMedia) {
    // Media add a link to the post's text, outside display_text_range (real posts end with one).
    const url = shortLink(`media|${input.id}`);
    const kind = firstMedia.startsWith('7_') ? 'video' : 'photo';
    mediaLink = { url, expanded: `https://x.com/${input.authorUsername}/status/${input.id}/${kind}/1`, key: firstMedia };
    text = shortened ? `${shortened} ${url}` : url;
  }
  const entities = entitiesOf(text, links, input, mediaLink);
  const context: ContextAnnotation[] = annotate(raw).context;
  const reply = prev ? null : input.replyTo;
  return {
    id: input.id, seq: seqOf(input.id), author_id: input.authorId, text, created_at: input.createdAt,
    conversation_id: prev?.conversation_id ?? reply?.conversation_id ?? input.id,
    reply_to_id: prev ? prev.reply_to_id : reply?.id ?? null, reply_to_user_id: prev ? prev.reply_to_user_id : reply?.author_id ?? null,
    quote_of_id: prev ? prev.quote_of_id : input.quoteOf?.id ?? null, repost_of_id: repost?.post.id ?? null,
    lang: repost ? repost.post.lang : detectLang(raw), source: input.source,
    possibly_sensitive: input.possiblySensitive ? 1 : 0, reply_settings: input.replySettings ?? prev?.reply_settings ?? 'everyone',
    paid_partnership: (input.paidPartnership ?? prev?.paid_partnership === 1) ? 1 : 0, community_id: input.communityId ?? prev?.community_id ?? null,
    nullcast: input.nullcast ? 1 : 0, place_id: input.placeId ?? null, coordinates: json(input.coordinates),
    media_keys: input.mediaKeys?.length ? JSON.stringify(input.mediaKeys) : null, poll_id: input.pollId ?? null,
    entities: json(entities), context_annotations: context.length ? JSON.stringify(context) : null, display_end: displayEnd,
    edit_root_id: prev?.edit_root_id ?? input.id, edit_history: JSON.stringify([...(prev ? JSON.parse(prev.edit_history) as string[] : []), input.id]),
    superseded_by: null, edits_remaining: prev ? prev.edits_remaining - 1 : 5,
    retweet_count: prev?.retweet_count ?? 0, reply_count: prev?.reply_count ?? 0, like_count: prev?.like_count ?? 0,
    quote_count: prev?.quote_count ?? 0, bookmark_count: prev?.bookmark_count ?? 0, impression_count: prev?.impression_count ?? 0,
    app_id: input.appId,
  };
}

/** Ids of the accounts a row mentions (for the mentions timeline). */
export function mentionedIds(p: PostRow): string[] {
  if (!p.entities) return [];
  return ((JSON.parse(p.entities) as Entities).mentions ?? []).flatMap((m) => (m.id ? [m.id] : []));
}
