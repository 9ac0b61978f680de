// News stories computed from the stored posts of the last `max_age_hours` on the service clock
// (SPEC searchNews, getNews; notes §8.4): search by query, lookup by id. A story's id comes from its
// topic, so the same story is found again while its posts are recent enough (at most 720 hours).
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { partialError, problems } from '../../shared/problems.js';
import { recentPosts, type PostRow } from '../posts/index.js';
import { clusterPosts, storyMatches, storyOf, type Story } from './news.clusters.js';
import { newsView } from './news.view.js';

const HOUR = 3_600_000;
export const MAX_AGE_HOURS = 720;
/** How many recent posts stories are drawn from at most (the newest first). */
const SCAN_LIMIT = 5_000;

async function postsSince(deps: Deps, since: number): Promise<PostRow[]> {
  const out: PostRow[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await recentPosts(deps, { since, limit: 1000, beforeId: before, exclude: ['retweets'] });
    out.push(...page.rows);
    if (!page.more || out.length >= SCAN_LIMIT) return out;
    before = page.rows[page.rows.length - 1]!.id;
  }
}

/** Stories of the window, the most discussed first, then the most recently updated. */
async function stories(deps: Deps, maxAgeHours: number): Promise<Story[]> {
  const posts = await postsSince(deps, deps.clock.now() - maxAgeHours * HOUR);
  return clusterPosts(posts)
    .map((c) => storyOf(c, isoMillis))
    .sort(
      (a, b) =>
        b.cluster_posts_results.length - a.cluster_posts_results.length ||
        b.updated_at - a.updated_at ||
        (a.rest_id < b.rest_id ? -1 : 1),
    );
}

export async function searchNews(
  deps: Deps,
  q: { query: string; max_results: number; max_age_hours: number },
  fields: readonly string[],
) {
  const found = (await stories(deps, q.max_age_hours)).filter((s) => storyMatches(s, q.query)).slice(0, q.max_results);
  return {
    ...(found.length ? { data: found.map((s) => newsView(s, fields)) } : {}),
    meta: { result_count: found.length },
  };
}

/** GET /2/news/{id}: a story no longer (or never) formed is a partial error in a 200, as lookups are. */
export async function lookupNews(deps: Deps, id: string, fields: readonly string[]) {
  const s = (await stories(deps, MAX_AGE_HOURS)).find((x) => x.rest_id === id);
  if (s) return { data: newsView(s, fields) };
  return { errors: [partialError(problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'news' }))] };
}
