// A job's results, computed from the store when it completes (DOCS batch-compliance introduction):
// one JSON object per line for each uploaded id that needs an action, with the id, its creation
// time, the action (`delete`), the reason and when it happened (`redacted_at`). Reasons: `deleted`
// (a post deleted, found in the posts module's `post.delete` events), `protected`, `suspended` and
// `deactivated` (the author's or user's state). Ids that need nothing, or that Aviary never held,
// are not listed.
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { idTime } from '../../shared/ids.js';
import { cachedPosts } from '../posts/index.js';
import { findUsersByIds, type UserRow } from '../users/index.js';
import { jobsRepo, type JobType, type UserState } from './jobs.repo.js';

const ID = /^[0-9]{1,19}$/;
type Action = { reason: string; at: number };

/** The ids uploaded: one per line, blank lines and anything not an id skipped, each once. */
export function uploadedIds(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((l) => l.trim()))].filter((l) => ID.test(l));
}

/** What a user's state asks of their content, if anything: suspension first, then deactivation, then protection. */
export function userAction(user: UserRow | undefined, s: UserState | undefined): Action | null {
  if (s?.suspended_at != null) return { reason: 'suspended', at: s.suspended_at };
  if (s?.deactivated_at != null) return { reason: 'deactivated', at: s.deactivated_at };
  if (user?.protected === 1) return { reason: 'protected', at: s?.protected_at ?? s?.updated_at ?? user.created_at };
  return null;
}

const line = (id: string, createdAt: number, a: Action) =>
  JSON.stringify({
    id,
    action: 'delete',
    created_at: isoMillis(createdAt),
    redacted_at: isoMillis(a.at),
    reason: a.reason,
  });

async function usersWithState(deps: Deps, ids: string[]) {
  const [users, states] = await Promise.all([findUsersByIds(deps, ids), jobsRepo.userStates(deps.db, ids)]);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    states: new Map(states.map((s) => [s.user_id, s])),
  };
}

async function tweetResults(deps: Deps, ids: string[]): Promise<string[]> {
  const posts = new Map((await cachedPosts(deps, ids)).map((p) => [p.id, p]));
  const deleted = new Map<string, number>();
  for (const d of await jobsRepo.deletions(deps.db)) for (const id of d.ids ?? [d.post_id]) deleted.set(id, d.at);
  const authors = await usersWithState(deps, [...new Set([...posts.values()].map((p) => p.author_id))]);
  return ids.flatMap((id) => {
    const post = posts.get(id);
    if (!post) return deleted.has(id) ? [line(id, idTime(id), { reason: 'deleted', at: deleted.get(id)! })] : [];
    const a = userAction(authors.users.get(post.author_id), authors.states.get(post.author_id));
    return a ? [line(id, Number(post.created_at), a)] : [];
  });
}

async function userResults(deps: Deps, ids: string[]): Promise<string[]> {
  const { users, states } = await usersWithState(deps, ids);
  return ids.flatMap((id) => {
    const user = users.get(id);
    const a = userAction(user, states.get(id));
    return user && a ? [line(id, Number(user.created_at), a)] : [];
  });
}

/** The result file: JSON lines, each ended by `\n`. */
export async function resultsOf(deps: Deps, type: JobType, upload: string): Promise<string> {
  const ids = uploadedIds(upload);
  const lines = type === 'tweets' ? await tweetResults(deps, ids) : await userResults(deps, ids);
  return lines.map((l) => `${l}\n`).join('');
}
