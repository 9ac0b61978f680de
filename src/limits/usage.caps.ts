// The monthly Post caps of each tier, in one table: how many Posts a project may read per calendar
// month (SPEC `Usage.project_cap`: "Total number of Posts that can be read in this project per month").
// Aviary keeps no projects apart from apps: each app is its own project.
//
// Sources: basic — seed 000 Limits, "Monthly post cap (older basic tier): 500,000 posts per project"
// (DOCS fundamentals/tweet-cap.mdx says 10,000 for today's Basic; the seed wins). free 1,500 and pro
// 1,000,000 — DOCS tweet-cap.mdx. pay-per-use 2,000,000 — DOCS enterprise-api/usage/introduction.mdx
// ("Pay-per-usage plans are subject to a monthly cap of 2 million Post reads"). enterprise — "50+
// million Posts per month" (tweet-cap.mdx), set per contract: no cap here.
import type { Tier } from '../auth/index.js';

export const MONTHLY_POST_CAPS: Record<Tier, number | null> = {
  free: 1_500,
  basic: 500_000,
  pro: 1_000_000,
  'pay-per-use': 2_000_000,
  enterprise: null,
};

/**
 * Endpoints whose Posts count towards the cap (DOCS tweet-cap.mdx "Limited v2 endpoints": Posts lookup,
 * recent and full-archive search, filtered stream, user Post and mention timelines, liked Posts,
 * bookmarks, List Posts; Spaces are not served). The stream's Posts are not counted yet (ADR 0019).
 */
export const CAPPED_ENDPOINTS = new Set([
  'GET /2/tweets',
  'GET /2/tweets/:id',
  'GET /2/tweets/search/recent',
  'GET /2/tweets/search/all',
  'GET /2/users/:id/tweets',
  'GET /2/users/:id/mentions',
  'GET /2/users/:id/liked_tweets',
  'GET /2/users/:id/bookmarks',
  'GET /2/lists/:id/tweets',
]);

/** Every Post object carries this default field (notes §1.2), in `data` and in `includes.tweets`. */
const POST_MARK = '"edit_history_tweet_ids":[';

const POST_MARK_BYTES = Buffer.from(POST_MARK);
const CLOSE = ']'.charCodeAt(0);

/**
 * The Posts an answer's JSON holds (text, or the bytes large answers are sent as: shared/json.ts), one
 * id each: the last of its `edit_history_tweet_ids`, the newest version of its edit chain, so that
 * reading a Post again (or another version of it) is the same Post for the daily de-duplication.
 * A mark inside a string value cannot match: its quotes would be escaped.
 */
export function postIdsIn(json: string | Buffer): string[] {
  const ids: string[] = [];
  const text = typeof json === 'string';
  for (let i = text ? json.indexOf(POST_MARK) : json.indexOf(POST_MARK_BYTES); i !== -1;) {
    const from = i + POST_MARK.length;
    const end = text ? json.indexOf(']', from) : json.indexOf(CLOSE, from);
    if (end === -1) break;
    const list = text ? json.slice(from, end) : json.toString('latin1', from, end);
    const last = list.slice(list.lastIndexOf(',') + 1).replace(/"/g, '');
    if (last) ids.push(last);
    i = text ? json.indexOf(POST_MARK, end) : json.indexOf(POST_MARK_BYTES, end);
  }
  return ids;
}

/** Whole days from `now` until the cap resets, at the start of the next calendar month (UTC). */
export function daysToReset(now: number): number {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.ceil((next - now) / 86_400_000);
}
