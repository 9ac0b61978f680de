// The product rules of the seed that decide whether a write may happen, as plain functions over
// plain data. Each throws the problem the real service answers with.
import { problems } from '../../shared/problems.js';
import type { Actor } from '../../shared/selection.js';
import { SELF_SERVE, type AccountRow } from '../users/index.js';
import type { PostRow } from './posts.repo.js';
import type { CreatePostBody } from './posts.schema.js';
import type { Entities } from './posts.text.js';
import { editableUntil } from './posts.view.js';

/** The older basic tier's monthly post cap, per project (seed Limits). */
export const BASIC_MONTHLY_POSTS = 500_000;
export const MAX_LENGTH = 280;
export const PREMIUM_MAX_LENGTH = 25_000;

/** The real wording when a reply is refused (replies restricted to summoned accounts, 2025). */
export const REPLY_NOT_ALLOWED =
  'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.';

/** card_uri, media, poll, quote_tweet_id and direct_message_deep_link exclude each other (SPEC). */
export function checkExclusive(b: CreatePostBody): void {
  const set = (['card_uri', 'media', 'poll', 'quote_tweet_id', 'direct_message_deep_link'] as const).filter(
    (k) => b[k] !== undefined,
  );
  if (set.length > 1) {
    throw problems.invalidRequest({
      message: `You can only provide one of ${set.join(', ')}.`,
      parameters: Object.fromEntries(set.map((k) => [k, []])),
    });
  }
  if (b.share_with_followers && !b.community_id) {
    throw problems.invalidParam(
      'share_with_followers',
      'true',
      'share_with_followers can only be used together with community_id.',
    );
  }
}

export function checkLength(text: string, weighted: number, author: AccountRow): void {
  const max = author.premium === 1 ? PREMIUM_MAX_LENGTH : MAX_LENGTH;
  if (weighted > max) throw problems.invalidParam('text', text, 'Your Tweet text is too long.');
}

/** Was `replier` summoned by the original post: mentioned in it, or quoted by it? */
export function summoned(original: PostRow, quoted: PostRow | undefined, replier: AccountRow): boolean {
  const mentions = original.entities ? ((JSON.parse(original.entities) as Entities).mentions ?? []) : [];
  if (mentions.some((m) => m.id === replier.id || m.username.toLowerCase() === replier.username_lower)) return true;
  return quoted?.author_id === replier.id;
}

/**
 * Replies: on self-serve tiers only to posts that summoned the replier (seed, POST /2/tweets);
 * everywhere, the original author's reply_settings apply. `followsReplier` = author follows replier.
 */
export function checkReply(
  actor: Actor,
  original: PostRow,
  quoted: PostRow | undefined,
  replier: AccountRow,
  followsReplier: boolean,
): void {
  if (original.author_id === replier.id) return;
  const isSummoned = summoned(original, quoted, replier);
  if (SELF_SERVE.has(actor.app.tier) && !isSummoned) throw problems.forbidden(REPLY_NOT_ALLOWED);
  const allowed =
    original.reply_settings === 'everyone' ||
    isSummoned ||
    (original.reply_settings === 'following' && followsReplier) ||
    (original.reply_settings === 'verified' && replier.verified === 1);
  if (!allowed) throw problems.forbidden(REPLY_NOT_ALLOWED);
}

/**
 * Which of checkReply's lookups can change its answer, so that a creation reads only those (issue #23:
 * the quoted post and the follow edge were read for every reply of the firehose, two statements a
 * reply, though only a self-serve tier or reply_settings other than 'everyone' consult them).
 */
export function replyLookups(
  actor: Actor,
  original: PostRow,
  replier: AccountRow,
): { quoted: boolean; follows: boolean } {
  if (original.author_id === replier.id) return { quoted: false, follows: false };
  return {
    quoted: original.quote_of_id !== null && (SELF_SERVE.has(actor.app.tier) || original.reply_settings !== 'everyone'),
    follows: original.reply_settings === 'following',
  };
}

/** Edits: the owner, with Premium, within an hour of the first version, edits left (seed Limits). */
export function checkEdit(prev: PostRow, editor: AccountRow, now: number): void {
  if (prev.author_id !== editor.id) throw problems.forbidden('You are not permitted to edit this Post.');
  if (editor.premium !== 1) throw problems.forbidden('Editing a Post requires an X Premium subscription.');
  if (prev.superseded_by)
    throw problems.forbidden(`Post ${prev.id} has been edited; edit its latest version ${prev.superseded_by}.`);
  if (prev.repost_of_id || prev.poll_id) throw problems.forbidden('This Post is not eligible for editing.');
  if (now >= editableUntil(prev))
    throw problems.forbidden(
      'This Post can no longer be edited: posts are editable for 1 hour after they are created.',
    );
  if (prev.edits_remaining <= 0) throw problems.forbidden('This Post has no edits remaining.');
}

/** The older basic tier stops at 500,000 posts per project per calendar month of the service clock. */
export function checkMonthlyCap(actor: Actor, countAfter: number): void {
  if (actor.app.tier === 'basic' && countAfter > BASIC_MONTHLY_POSTS)
    throw problems.usageCapped({ period: 'Monthly', scope: 'Product' });
}

export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);
