// Pure rules of community notes: the claim/opinion score of a note's text (POST /2/evaluate_note),
// its bucket, the rating status a note reaches on the clock, and the `post_selection` parameter.
// X's evaluator is a model; Aviary's is a deterministic stand-in with the same direction: a note that
// cites sources and states facts scores high, one that argues or shouts scores low (SPEC
// EvaluateNoteResponse: "Claim opinion model score for the note").
import { problems } from '../../shared/problems.js';

const URL_RE = /https?:\/\/\S+/g;
/** Marks of an opinion rather than a checkable claim. */
const OPINION = [
  /\bi (think|believe|feel|guess)\b/i,
  /\bin my (view|opinion)\b/i,
  /\b(obviously|clearly|everyone knows|of course)\b/i,
  /\b(stupid|idiot|liar|lies|ridiculous|disgusting|terrible|awful)\b/i,
  /\b(should|must)\b/i,
];

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The claim/opinion score of a note's text, in [0, 1]; the same text always scores the same. */
export function claimOpinionScore(text: string): number {
  const urls = text.match(URL_RE) ?? [];
  const prose = text.replace(URL_RE, ' ').trim();
  let s = 0.4;
  if (urls.length) s += 0.25;
  if (urls.length > 1) s += 0.1;
  s -= 0.12 * OPINION.filter((re) => re.test(prose)).length;
  if (/!/.test(prose)) s -= 0.08;
  const letters = prose.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 8 && letters === letters.toUpperCase()) s -= 0.15;
  if (prose.length >= 60 && prose.length <= 280) s += 0.1;
  if (/\d/.test(prose)) s += 0.05;
  return round4(Math.min(1, Math.max(0, s)));
}

/** The evaluator's bucket of a score, as a test note's `test_result` reports it. */
export const scoreBucket = (score: number): string => (score >= 0.6 ? 'High' : score >= 0.35 ? 'Medium' : 'Low');

/** A day after it is written, a public note is rated by its score; test notes are never rated. */
export const RATING_DELAY_MS = 24 * 3_600_000;

export function ratingStatus(n: { test_mode: number; score: number; created_at: number }, now: number): string {
  if (n.test_mode === 1 || now - n.created_at < RATING_DELAY_MS) return 'needs_more_ratings';
  if (n.score >= 0.6) return 'currently_rated_helpful';
  if (n.score < 0.3) return 'currently_rated_not_helpful';
  return 'needs_more_ratings';
}

export type PostSelection = { size: number; lang: string | null };
/** feed_size → how many posts the feed holds (SPEC: small by default). */
const FEED_SIZES: Record<string, number> = { small: 100, large: 500, xl: 1000, xxl: 2000 };

/**
 * `post_selection`: `feed_size: small|large|xl|xxl, feed_lang: en|es|…|all`, by default
 * `feed_size: small, feed_lang: en` (SPEC searchEligiblePosts).
 */
export function parsePostSelection(raw: string | undefined): PostSelection {
  const sel: PostSelection = { size: FEED_SIZES.small!, lang: 'en' };
  if (raw === undefined) return sel;
  const bad = () =>
    problems.invalidParam(
      'post_selection',
      raw,
      "The `post_selection` query parameter value must look like 'feed_size: small, feed_lang: en'",
    );
  for (const part of raw.split(',')) {
    const m = /^\s*(feed_size|feed_lang)\s*:\s*([a-z]{2,3}|all|small|large|xl|xxl)\s*$/i.exec(part);
    if (!m) throw bad();
    const value = m[2]!.toLowerCase();
    if (m[1]!.toLowerCase() === 'feed_size') {
      if (!(value in FEED_SIZES)) throw bad();
      sel.size = FEED_SIZES[value]!;
    } else sel.lang = value === 'all' ? null : value;
  }
  return sel;
}
