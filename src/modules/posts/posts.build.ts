// Builds the stored row of a new post (or edit, or repost) from what the author sent: t.co links,
// entities with mention ids, annotations from the catalog, language, conversation and edit chain.
// Pure: every lookup it needs is passed in. Shared by the write path and the dataset seeder.
import twttr from '../../shared/twitter-text.js';
import { annotate } from './posts.annotations.js';
import { detectLang } from './posts.lang.js';
import type { PostRow } from './posts.repo.js';
import { seqOf } from './posts.repo.js';
import {
  cpLength,
  extractEntities,
  shortenLinks,
  shortLink,
  wrapLink,
  type Entities,
  type Wrapped,
} from './posts.text.js';

export type PostInput = {
  id: string;
  authorId: string;
  authorUsername: string;
  text: string;
  createdAt: number;
  source: string;
  appId: string | null;
  replyTo?: PostRow;
  quoteOf?: PostRow;
  /** The reposted post and its author's username (the text becomes `RT @user: …`). */
  repostOf?: { post: PostRow; username: string };
  mediaKeys?: string[];
  pollId?: string;
  placeId?: string;
  coordinates?: [number, number];
  replySettings?: string;
  paidPartnership?: boolean;
  communityId?: string;
  shareWithFollowers?: boolean;
  nullcast?: boolean;
  possiblySensitive?: boolean;
  /** The version this one replaces (edits keep the chain, its metrics and its references). */
  editOf?: PostRow;
  /** username (lower case) → user id, for mentions of accounts that exist. */
  resolve: (usernameLower: string) => string | undefined;
  /** Reuse the analysis of an identical text (seeding: mentions resolve the same every time). */
  memo?: AnalysisMemo;
  /** The text's analysis, already made by the caller (`analyzeText(text, authorId)`; not for reposts). */
  analysis?: TextAnalysis;
};

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

type Analysis = {
  text: string;
  displayEnd: number;
  entities: string | null;
  context: string | null;
  lang: string;
  wrapped: Wrapped[];
};

/**
 * Links, entities, annotations and language of a text: the costly part, done once per post. Mention
 * ids are not resolved yet: `mentions` lists the usernames to look up (issue #23: the write path
 * used to extract entities a second and a third time, for the lookup and the duplicate check).
 */
export type TextAnalysis = {
  text: string;
  displayEnd: number;
  entities: Entities;
  context: string | null;
  lang: string;
  wrapped: Wrapped[];
  /** Usernames the text mentions, as written. */
  mentions: string[];
};

export function analyzeText(raw: string, linkSeed: string): TextAnalysis {
  const { text, links, wrapped } = shortenLinks(raw, linkSeed);
  // One pass of the library serves both: the language (UTF-16 indices) first, then the entities.
  const found = twttr.extractEntitiesWithIndices(text);
  const lang = detectLang(text, found);
  const e = extractEntities(text, links, found);
  const { context, named } = annotate(raw);
  if (named.length) e.annotations = named;
  return {
    text,
    displayEnd: cpLength(text),
    entities: e,
    context: context.length ? JSON.stringify(context) : null,
    lang,
    wrapped,
    mentions: (e.mentions ?? []).map((m) => m.username),
  };
}

/** The analysis with the mentions of accounts that exist given their ids, as stored. */
function resolved(t: TextAnalysis, resolve: PostInput['resolve']): Analysis {
  const e: Entities = t.entities.mentions
    ? {
        ...t.entities,
        mentions: t.entities.mentions.map((m) => {
          const id = resolve(m.username.toLowerCase());
          return id ? { ...m, id } : { ...m };
        }),
      }
    : t.entities;
  return {
    text: t.text,
    displayEnd: t.displayEnd,
    entities: Object.keys(e).length ? JSON.stringify(e) : null,
    context: t.context,
    lang: t.lang,
    wrapped: t.wrapped,
  };
}

const analyze = (raw: string, linkSeed: string, resolve: PostInput['resolve']): Analysis =>
  resolved(analyzeText(raw, linkSeed), resolve);

/**
 * Seeding analyses the same texts again and again; the write path never memoizes (users change).
 * One analysis per text serves every link seed: t.co links all have the same length, so only the
 * links themselves differ, and they are swapped in.
 */
export type AnalysisMemo = Map<string, Analysis>;
const MEMO_SEED = '\u0000memo';
function analyzeMemo(memo: AnalysisMemo, raw: string, linkSeed: string, resolve: PostInput['resolve']): Analysis {
  let a = memo.get(raw);
  if (!a) {
    if (memo.size > 100_000) memo.clear();
    a = analyze(raw, MEMO_SEED, resolve);
    memo.set(raw, a);
  }
  if (!a.wrapped.length) return a;
  let { text, entities } = a;
  for (const w of a.wrapped) {
    const tco = wrapLink(linkSeed, w.i, w.expanded);
    text = text.replaceAll(w.tco, tco);
    entities = entities?.replaceAll(w.tco, tco) ?? null;
  }
  return { ...a, text, entities };
}

/** Media add a link to the post's text, outside display_text_range (real posts end with one). */
function withMediaLink(a: Analysis, input: PostInput, key: string): { text: string; entities: string } {
  const url = shortLink(`media|${input.id}`);
  const kind = key.startsWith('7_') ? 'video' : 'photo';
  const text = a.text ? `${a.text} ${url}` : url;
  const start = a.text ? a.displayEnd + 1 : 0;
  const e: Entities = a.entities ? JSON.parse(a.entities) : {};
  (e.urls ??= []).push({
    start,
    end: start + 23,
    url,
    expanded_url: `https://x.com/${input.authorUsername}/status/${input.id}/${kind}/1`,
    display_url: `pic.x.com/${url.slice(13)}`,
    media_key: key,
  });
  return { text, entities: JSON.stringify(e) };
}

/** A new row; metrics start at zero (an edit keeps its predecessor's). */
export function buildPost(input: PostInput): PostRow {
  const prev = input.editOf;
  const repost = input.repostOf;
  const raw = repost ? `RT @${repost.username}: ${repost.post.text}` : input.text;
  // Reposts keep the original's links as they are; everyone else's links are wrapped per author.
  const linkSeed = repost ? '' : input.authorId;
  const a = input.analysis
    ? resolved(input.analysis, input.resolve)
    : input.memo
      ? analyzeMemo(input.memo, raw, linkSeed, input.resolve)
      : analyze(raw, linkSeed, input.resolve);
  const firstMedia = input.mediaKeys?.[0];
  const { text, entities } = firstMedia ? withMediaLink(a, input, firstMedia) : { text: a.text, entities: a.entities };
  const reply = prev ? null : input.replyTo;
  return {
    id: input.id,
    seq: seqOf(input.id),
    author_id: input.authorId,
    text,
    created_at: input.createdAt,
    conversation_id: prev?.conversation_id ?? reply?.conversation_id ?? input.id,
    reply_to_id: prev ? prev.reply_to_id : (reply?.id ?? null),
    reply_to_user_id: prev ? prev.reply_to_user_id : (reply?.author_id ?? null),
    quote_of_id: prev ? prev.quote_of_id : (input.quoteOf?.id ?? null),
    repost_of_id: repost?.post.id ?? null,
    lang: repost ? repost.post.lang : a.lang,
    source: input.source,
    possibly_sensitive: input.possiblySensitive ? 1 : 0,
    reply_settings: input.replySettings ?? prev?.reply_settings ?? 'everyone',
    paid_partnership: (input.paidPartnership ?? prev?.paid_partnership === 1) ? 1 : 0,
    community_id: input.communityId ?? prev?.community_id ?? null,
    share_with_followers: (input.shareWithFollowers ?? prev?.share_with_followers === 1) ? 1 : 0,
    nullcast: input.nullcast ? 1 : 0,
    place_id: input.placeId ?? null,
    coordinates: json(input.coordinates),
    media_keys: input.mediaKeys?.length ? JSON.stringify(input.mediaKeys) : null,
    poll_id: input.pollId ?? null,
    entities,
    context_annotations: a.context,
    display_end: a.displayEnd,
    edit_root_id: prev?.edit_root_id ?? input.id,
    edit_history: JSON.stringify([...(prev ? (JSON.parse(prev.edit_history) as string[]) : []), input.id]),
    superseded_by: null,
    edits_remaining: prev ? prev.edits_remaining - 1 : 5,
    retweet_count: prev?.retweet_count ?? 0,
    reply_count: prev?.reply_count ?? 0,
    like_count: prev?.like_count ?? 0,
    quote_count: prev?.quote_count ?? 0,
    bookmark_count: prev?.bookmark_count ?? 0,
    impression_count: prev?.impression_count ?? 0,
    app_id: input.appId,
  };
}

/** Ids of the accounts a row mentions (for the mentions timeline). */
export function mentionedIds(p: PostRow): string[] {
  // Entities that name no mention (our own JSON.stringify) have no "mentions" key: they are not
  // parsed for it (issue #23: the parse was 1.1 % of the firehose's event loop).
  if (!p.entities?.includes('"mentions"')) return [];
  return ((JSON.parse(p.entities) as Entities).mentions ?? []).flatMap((m) => (m.id ? [m.id] : []));
}
