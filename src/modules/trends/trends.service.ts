// Trends computed from the posts of the last 24 hours on the service clock: by place (a WOEID; SPEC
// getTrendsByWoeid) and for the signed-in user, from the accounts they follow and their own posts
// (SPEC getTrendsPersonalizedTrends). Throws problems; knows nothing of HTTP.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { following } from '../follows/index.js';
import { placeById } from '../places/index.js';
import { recentPosts, type PostRow } from '../posts/index.js';
import { findUsersByIds } from '../users/index.js';
import { countTrends, inWoeid, trendingSince, WOEIDS } from './trends.rules.js';

const DAY = 24 * 3_600_000;
const SCAN_LIMIT = 10_000;
/** A trend is a topic two posts or more share. */
const MIN_POSTS = 2;
const PERSONALIZED = 20;

async function lastDay(deps: Deps): Promise<PostRow[]> {
  const out: PostRow[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await recentPosts(deps, { since: deps.clock.now() - DAY, limit: 1000, beforeId: before });
    out.push(...page.rows);
    if (!page.more || out.length >= SCAN_LIMIT) return out;
    before = page.rows[page.rows.length - 1]!.id;
  }
}

export async function trendsByWoeid(deps: Deps, woeid: number, max: number, fields: readonly string[]) {
  if (!WOEIDS[woeid])
    throw problems.invalidParam('woeid', String(woeid), `The \`woeid\` path parameter value [${woeid}] has no trends.`);
  let posts = await lastDay(deps);
  if (woeid !== 1) {
    const authors = new Map(
      (await findUsersByIds(deps, [...new Set(posts.map((p) => p.author_id))])).map((u) => [u.id, u]),
    );
    posts = posts.filter((p) =>
      inWoeid(woeid, {
        place: p.place_id ? placeById(p.place_id) : null,
        location: authors.get(p.author_id)?.location ?? null,
      }),
    );
  }
  const trends = countTrends(posts, MIN_POSTS).slice(0, max);
  // trend_name always; tweet_count when trend.fields asks for it.
  const data = trends.map((t) => ({
    trend_name: t.trend_name,
    ...(fields.includes('tweet_count') ? { tweet_count: t.post_count } : {}),
  }));
  return data.length ? { data } : {};
}

export async function personalizedTrends(deps: Deps, userId: string, fields: readonly string[]) {
  const follows = await following(deps, userId, 1000, null);
  const circle = new Set([userId, ...follows.ids]);
  const posts = (await lastDay(deps)).filter((p) => circle.has(p.author_id));
  const now = deps.clock.now();
  const want = (f: string) => fields.length === 0 || fields.includes(f);
  const data = countTrends(posts, 1)
    .slice(0, PERSONALIZED)
    .map((t) => ({
      // SPEC PersonalizedTrend has no required field; with no trend.fields every field is given.
      ...(want('trend_name') ? { trend_name: t.trend_name } : {}),
      ...(want('category') ? { category: t.category ?? 'Trending' } : {}),
      ...(want('post_count') ? { post_count: t.post_count } : {}),
      ...(want('trending_since') ? { trending_since: trendingSince(t.first_at, now) } : {}),
    }));
  return data.length ? { data } : {};
}
