// Publishing scheduled posts by the service clock (issue #18 item 5): one timer per SCHEDULED post at
// its scheduled_at (shared/scheduler.ts), armed on create and update and, at start, for every post
// still waiting (timers live in memory; the store is the truth, so publishing survives a restart).
// A timer publishes the post in one transaction with its new state (SUCCESS, completed_at, tweet_id)
// and with what the Ads root hands in to run on publishing (scheduled promoted posts), and only if
// the post is still SCHEDULED and unchanged: two timers firing for one post publish it once.
import type { Deps } from '../../../deps.js';
import type { TimerHandle } from '../../../shared/scheduler.js';
import type { Queryable } from '../../../store/index.js';
import { preparePost, publishPost } from '../../posts/index.js';
import { ADS_SOURCE, recordAdsTweet } from '../ads-tweets/index.js';
import { markTweeted } from '../media-library/index.js';
import * as repo from './scheduled-tweets.repo.js';

export type Published = { accountId: string; scheduledTweetId: string; tweetId: string; userId: string; at: number };
/** Work done in the publishing transaction (composed in ads/index.ts). */
export type OnPublished = (deps: Deps, tx: Queryable, p: Published) => Promise<void>;

type Armed = { due: number; handle: TimerHandle };

/** One server's publishing timers by scheduled post id (Runtime `scheduledTweets`). */
export type ScheduledTweetTimers = { timers: Map<string, Armed>; onPublished: readonly OnPublished[]; stop(): void };

declare module '../../../deps.js' {
  interface Runtime {
    scheduledTweets: ScheduledTweetTimers;
  }
}

export function createScheduledTweetTimers(onPublished: readonly OnPublished[]): ScheduledTweetTimers {
  const t: ScheduledTweetTimers = {
    timers: new Map(),
    onPublished,
    stop() {
      for (const a of t.timers.values()) a.handle.cancel();
      t.timers.clear();
    },
  };
  return t;
}

/** (Re)arms the timer of a post; null disarms it (deleted or published). */
export function armPublish(deps: Deps, id: string, due: number | null): void {
  const { timers } = deps.runtime.scheduledTweets;
  const current = timers.get(id);
  if (current && current.due === due) return;
  current?.handle.cancel();
  timers.delete(id);
  if (due === null) return;
  const handle = deps.scheduler.at(
    due,
    async () => {
      if (timers.get(id)?.due === due) timers.delete(id);
      await publishScheduled(deps, id).catch((err) => deps.log.error({ err, id }, 'scheduled post not published'));
    },
    `scheduled-tweet:${id}`,
  );
  timers.set(id, { due, handle });
}

/** Publishes one scheduled post if it is still waiting; answers the post id, or null. */
export async function publishScheduled(deps: Deps, id: string): Promise<string | null> {
  const row = await repo.scheduledTweetAnywhere(deps.db, id);
  if (!row || row.scheduled_status !== 'SCHEDULED') return null;
  const mediaKeys = JSON.parse(row.media_keys) as string[];
  const { row: post, author } = await preparePost(deps, {
    authorId: row.user_id,
    text: row.text,
    source: ADS_SOURCE,
    appId: row.app_id,
    mediaKeys,
    nullcast: row.nullcast === 1,
  });
  const at = post.created_at;
  return deps.db.tx(async (tx) => {
    if (!(await repo.markPublished(tx, row, post.id, at))) return null;
    await publishPost(deps, tx, post, author);
    await markTweeted(tx, row.account_id, mediaKeys);
    await recordAdsTweet(tx, {
      tweetId: post.id,
      accountId: row.account_id,
      name: row.name,
      cardUri: row.card_uri,
      at,
    });
    const done: Published = {
      accountId: row.account_id,
      scheduledTweetId: id,
      tweetId: post.id,
      userId: row.user_id,
      at,
    };
    for (const f of deps.runtime.scheduledTweets.onPublished) await f(deps, tx, done);
    return post.id;
  });
}

/** At start: a timer for every post still waiting (those overdue fire at once in real time). */
export async function startScheduledTweets(
  deps: Deps,
  onError: (err: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  try {
    for (const r of await repo.waiting(deps.db)) armPublish(deps, r.id, Number(r.scheduled_at));
  } catch (err) {
    onError(err);
  }
  return { stop: async () => deps.runtime.scheduledTweets.stop() };
}
